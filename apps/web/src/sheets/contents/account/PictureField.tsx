import type { UserSummary } from '@cordata/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../api/upload.ts';
import { showFeedback } from '../../../components/feedback.ts';
import { Avatar } from '../../../components/People/People.tsx';

/** Chooses and uploads a profile picture, with a progress bar; gives back the uploaded file's URL. */
export function PictureField({ person, onUploaded }: { person: UserSummary; onUploaded: (url: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      onUploaded(await uploadFile(file, 'PROFILE_PICTURE', setProgress));
    } catch {
      // Spec §8: upload errors speak of permissions, the usual cause on a phone.
      showFeedback({ kind: 'error', title: t('errorTitle'), description: t('messages.uploadPermission') });
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="field">
      <span>{t('people.settings.picture')}</span>
      <div className="picture-field">
        <Avatar person={person} size={72} />
        <label htmlFor={inputId} className="btn btn-outline">
          {person.profilePicture ? t('people.settings.changePicture') : t('people.settings.choosePicture')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          data-testid="settings-picture-input"
          disabled={progress !== null}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </div>
      {progress !== null && (
        <>
          <progress className="upload-progress" max={1} value={progress} data-testid="upload-progress" />
          <small className="muted">{t('people.settings.uploading', { percent: Math.round(progress * 100) })}</small>
        </>
      )}
    </div>
  );
}
