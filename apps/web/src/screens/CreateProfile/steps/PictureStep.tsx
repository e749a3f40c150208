import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client.ts';
import { uploadFile } from '../../../api/upload.ts';
import { showError, showErrorText } from '../../../components/feedback.ts';
import { ImageFileInput } from '../../../components/forms/ImageFileInput.tsx';
import { showPicturePermissionError, takeOrChoosePicture } from '../../../components/forms/picture.ts';
import { Icon } from '../../../components/Icon.tsx';
import { IMAGE_TYPES, type ImageType } from '../../../contract.ts';
import { getPlatform } from '../../../native/index.ts';

const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

/** Step 2: a picture, uploaded at once (skippable). */
export function PictureStep({
  picture,
  onPicture,
  onBack,
  onNext,
}: {
  picture: string | null;
  onPicture: (url: string | null) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(picture);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const native = getPlatform().isNative;

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null | undefined) => {
    if (!chosen) return;
    if (!isImageType(chosen.type)) {
      showErrorText(t('errors.UPLOAD_INVALID'));
      return;
    }
    setFile(chosen);
  };

  // Uploads straight to storage through a signed URL; without one (or on failure) the step can still be skipped.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || !isImageType(file.type)) return onNext();
    setBusy(true);
    setProgress(0);
    try {
      onPicture(await uploadFile(file, 'PROFILE_PICTURE', setProgress));
      onNext();
    } catch (error) {
      if (isApiError(error)) showError(error);
      else showPicturePermissionError(t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={submit}>
      <h2>{t('auth.profile.picture.title')}</h2>
      <p className="auth-intro">{t('auth.profile.picture.text')}</p>
      <div className="picture-preview">
        {preview ? (
          <img src={preview} alt={t('auth.profile.picture.alt')} data-testid="profile-picture-preview" />
        ) : (
          <span className="picture-empty" aria-hidden="true">
            <Icon name="user" size={64} />
          </span>
        )}
      </div>
      {native ? (
        // The phone app: Capacitor Camera's sheet takes a photo or chooses one from the library.
        <button
          type="button"
          className="btn btn-outline btn-block"
          disabled={busy}
          data-testid="profile-picture-native"
          onClick={async () => choose(await takeOrChoosePicture(t))}
        >
          {preview ? t('auth.profile.picture.changeNative') : t('auth.profile.picture.takeOrChoose')}
        </button>
      ) : (
        <>
          <label htmlFor={inputId} className="btn btn-outline btn-block">
            {preview ? t('auth.profile.picture.change') : t('auth.profile.picture.choose')}
          </label>
          <ImageFileInput id={inputId} testId="profile-picture-input" onFile={(file) => choose(file)} />
        </>
      )}
      {busy && (
        <>
          <progress className="upload-progress" max={1} value={progress} data-testid="upload-progress" />
          <small className="muted">
            {t('auth.profile.picture.uploadingPercent', { percent: Math.round(progress * 100) })}
          </small>
        </>
      )}
      <div className="wizard-actions">
        {/* Skipping is allowed, not encouraged: it is the quiet choice until a photo is chosen. */}
        <button
          type="submit"
          className={`btn btn-block ${file || busy ? 'btn-primary' : 'btn-outline'}`}
          disabled={busy}
          data-testid="profile-next"
        >
          {busy ? t('auth.profile.picture.uploading') : file ? t('auth.profile.next') : t('auth.profile.skip')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" data-testid="profile-back" onClick={onBack}>
          {t('auth.profile.back')}
        </button>
      </div>
    </form>
  );
}
