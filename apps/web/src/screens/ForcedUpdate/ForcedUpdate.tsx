import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo.tsx';
import { config } from '../../config.ts';
import { APP_VERSION } from '../../contract.ts';
import type { Updater } from '../../native/platform.ts';
import { releaseUrl } from '../../update/useLatestVersion.ts';
import { fetchReleaseManifest, verifiedRelease } from '../../update/verifyRelease.ts';
import './ForcedUpdate.css';

/** Native only: a newer bundle exists and must be installed before going on (spec §2). */
export default function ForcedUpdate({ version, updater }: { version: string; updater: Updater }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  // Which step failed: the bundle's download (spec §8's download error) or anything after it.
  const [failure, setFailure] = useState<'download' | 'other' | null>(null);

  const update = async () => {
    setFailure(null);
    setProgress(0);
    let id: string;
    try {
      // Only a newer bundle signed by the release key (version and checksum) is downloaded and applied (review M12).
      const release = await verifiedRelease(await fetchReleaseManifest());
      id = await updater.download(releaseUrl('latest.zip'), release.version, setProgress, release.sha256);
    } catch {
      setFailure('download');
      setProgress(null);
      return;
    }
    try {
      await updater.apply(id); // reloads the app
    } catch {
      setFailure('other');
      setProgress(null);
    }
  };

  return (
    <main className="forced-update" data-testid="forced-update">
      <Logo size={72} />
      <h1>{t('update.title')}</h1>
      <p>{t('update.text')}</p>
      <p className="versions">
        <span data-testid="update-new-version">{t('update.newVersion', { version })}</span>
        <span data-testid="update-current-version">{t('update.currentVersion', { version: APP_VERSION })}</span>
      </p>
      {progress !== null && (
        <>
          <progress max={100} value={progress} aria-label={t('update.downloading', { percent: progress })} />
          <span role="status">{t('update.downloading', { percent: Math.round(progress) })}</span>
        </>
      )}
      {failure && (
        <p className="error" role="alert" data-testid="update-error">
          {failure === 'download' ? t('messages.downloadError') : t('update.error')}
        </p>
      )}
      <button type="button" className="btn btn-primary" disabled={progress !== null} onClick={update}>
        {t('update.button')}
      </button>
      <a href={`mailto:${config.supportEmail}`}>{t('update.support')}</a>
    </main>
  );
}
