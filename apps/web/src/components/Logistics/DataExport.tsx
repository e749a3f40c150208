import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';
import { formatLongDate } from '../../i18n/dates.ts';
import { useLatestExportQuery, useRequestExportMutation } from '../../state/queries/logistics.ts';
import { useStepUp } from '../forms/StepUp.tsx';
import './logistics.css';

/**
 * Settings → Your data: the password entered again (or a provider's confirmation, for someone without one) prepares
 * the ZIP (review L-N3); the link comes by mail and shows here when ready.
 */
export function DataExport() {
  const { t, i18n } = useTranslation();
  const latest = useLatestExportQuery();
  const request = useRequestExportMutation();
  const current = latest.data;
  const stepUp = useStepUp('data', {
    needed: t('logistics.export.passwordNeeded'),
    wrong: t('logistics.export.passwordWrong'),
  });
  const prepare = () => {
    if (stepUp.ready()) void stepUp.run(() => request.mutateAsync());
  };
  return (
    <div className="data-export" data-testid="data-export">
      <p>{t('logistics.export.intro')}</p>
      {current?.status === 'PENDING' && (
        <p className="muted" data-testid="export-pending" role="status">
          {t('logistics.export.preparing')}
        </p>
      )}
      {current?.status === 'FAILED' && <p className="error">{t('logistics.export.failed')}</p>}
      {current?.status === 'READY' && current.downloadUrl && current.expiresAt && (
        <>
          <p data-testid="export-ready">
            {t('logistics.export.ready', { date: formatLongDate(new Date(current.expiresAt), i18n.language) })}
          </p>
          <a
            className="btn btn-primary btn-block"
            data-testid="export-download"
            href={`${config.publicUrl}${current.downloadUrl}`}
            download
          >
            {t('logistics.export.download')}
          </a>
        </>
      )}
      {current?.status !== 'PENDING' && (
        <>
          {stepUp.field({
            label: t('logistics.export.password'),
            passwordTestId: 'export-password',
            reauthTestId: 'export-reauth',
          })}
          <button
            type="button"
            className="btn btn-outline btn-block"
            data-testid="export-request"
            disabled={request.isPending}
            onClick={prepare}
          >
            {t('logistics.export.prepare')}
          </button>
        </>
      )}
    </div>
  );
}
