import type { Activity } from '@cordata/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { confirm, showError, showSuccess } from '../components/feedback.ts';
import { Icon } from '../components/Icon.tsx';
import { formatDateTime } from '../i18n/dates.ts';
import { useIsOnline } from '../state/online.ts';
import { useOwnUserId } from '../state/queries/profile.ts';
import { formatBytes, removePack, type SaveProgress, savePack } from './save.ts';
import { useAnsweredFromPack, usePack } from './usePack.ts';
import './offline.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'sizing' }
  | { kind: 'saving'; progress: SaveProgress | null }
  | { kind: 'failed' };

/** Only the people taking part get a pack: not visitors, not the waitlist; and not once it has ended. */
export const mayKeepPack = (activity: Pick<Activity, 'status' | 'endsAt'>, now = new Date()) =>
  activity.status === 'PARTICIPATING' && now < new Date(activity.endsAt);

/**
 * The outing pack on the activity page (issue 38): "Save for offline" with its size asked first, the download's
 * progress, the kept copy's mark and its removal; and, with no network, the page says it is shown from the pack and
 * since when.
 */
export function OutingPack({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const online = useIsOnline();
  const pack = usePack(activity.activityId);
  const shownFrom = useAnsweredFromPack(activity.activityId);
  const userId = useOwnUserId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const when = (iso: string) => formatDateTime(new Date(iso), i18n.language);

  if (shownFrom) {
    return (
      <div className="offline-pack-notice" role="status" data-testid="offline-pack-notice">
        <Icon name="check" size={18} />
        <span>
          <strong>{t('offline.notice', { when: when(shownFrom) })}</strong>
          <small>{t('offline.noticeHint')}</small>
        </span>
      </div>
    );
  }
  if (!mayKeepPack(activity) || pack === undefined) return null;

  const save = async () => {
    if (!userId) return;
    setStep({ kind: 'sizing' });
    try {
      const size = await api('offline/pack-size', { activityId: activity.activityId });
      const total = size.answersBytes + (size.tilesBytes ?? 0);
      const ok = await confirm({
        title: t('offline.confirmTitle'),
        description: t('offline.confirmSize', { size: formatBytes(total, i18n.language) }),
        confirmLabel: t('offline.confirmLabel'),
      });
      if (!ok) return setStep({ kind: 'idle' });
      setStep({ kind: 'saving', progress: null });
      await savePack(activity, userId, (progress) => setStep({ kind: 'saving', progress }));
      setStep({ kind: 'idle' });
    } catch {
      setStep({ kind: 'failed' });
    }
  };
  const remove = async () => {
    try {
      await removePack(activity.activityId);
      showSuccess(t('offline.removed'));
    } catch (e) {
      showError(e);
    }
  };

  if (pack) {
    return (
      <div className="offline-pack" data-testid="offline-pack">
        <p className="offline-pack-mark" data-testid="offline-pack-saved">
          <Icon name="check" size={18} />
          <span>{t('offline.savedAt', { when: when(pack.builtAt) })}</span>
        </p>
        {online && (
          <button type="button" className="btn btn-ghost" data-testid="offline-pack-remove" onClick={remove}>
            {t('offline.remove')}
          </button>
        )}
      </div>
    );
  }
  if (!online) return null;
  const busy = step.kind === 'sizing' || step.kind === 'saving';
  const progress = step.kind === 'saving' ? step.progress : null;
  return (
    <div className="offline-pack" data-testid="offline-pack">
      <button
        type="button"
        className="btn btn-outline"
        data-testid="offline-pack-save"
        disabled={busy || !userId}
        onClick={() => void save()}
      >
        {step.kind === 'failed' ? t('offline.retry') : t('offline.save')}
      </button>
      <p className="muted" aria-live="polite" data-testid="offline-pack-status">
        {step.kind === 'sizing' && t('offline.sizing')}
        {step.kind === 'saving' &&
          (progress?.total
            ? t('offline.savingProgress', {
                done: formatBytes(progress.received, i18n.language),
                total: formatBytes(progress.total, i18n.language),
              })
            : t('offline.saving'))}
        {step.kind === 'failed' && <span className="error">{t('offline.failed')}</span>}
        {step.kind === 'idle' && t('offline.saveHint')}
      </p>
      {step.kind === 'saving' && progress?.total ? (
        <progress max={progress.total} value={progress.received} aria-label={t('offline.saving')} />
      ) : null}
    </div>
  );
}
