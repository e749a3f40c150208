import type { UserSummary } from '@cordata/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../api/upload.ts';
import { ImageFileInput } from '../../../components/forms/ImageFileInput.tsx';
import { showPicturePermissionError, takeOrChoosePicture } from '../../../components/forms/picture.ts';
import { Avatar } from '../../../components/People/People.tsx';
import { getPlatform } from '../../../native/index.ts';

/**
 * Takes or chooses and uploads a profile picture, with a progress bar; gives back the uploaded file's
 * URL. In the phone app the camera sheet offers a photo or the library (Capacitor Camera); on the web a
 * file input does.
 */
export function PictureField({ person, onUploaded }: { person: UserSummary; onUploaded: (url: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const platform = getPlatform();
  const choose = async (file: File | null | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      onUploaded(await uploadFile(file, 'PROFILE_PICTURE', setProgress));
    } catch {
      showPicturePermissionError(t);
    } finally {
      setProgress(null);
    }
  };
  const takeOrChoose = async () => choose(await takeOrChoosePicture(t));
  return (
    <div className="field">
      <span>{t('people.settings.picture')}</span>
      <div className="picture-field">
        <Avatar person={person} size={72} />
        {platform.isNative ? (
          <button
            type="button"
            className="btn btn-outline"
            data-testid="settings-picture-native"
            disabled={progress !== null}
            onClick={() => void takeOrChoose()}
          >
            {person.profilePicture ? t('people.settings.changePicture') : t('people.settings.takeOrChoosePicture')}
          </button>
        ) : (
          <>
            <label htmlFor={inputId} className="btn btn-outline">
              {person.profilePicture ? t('people.settings.changePicture') : t('people.settings.choosePicture')}
            </label>
            <ImageFileInput
              id={inputId}
              testId="settings-picture-input"
              disabled={progress !== null}
              onFile={(file) => void choose(file)}
            />
          </>
        )}
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
