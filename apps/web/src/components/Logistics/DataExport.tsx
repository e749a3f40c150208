import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';
import { formatLongDate } from '../../i18n/dates.ts';
import { useLatestExportQuery, useRequestExportMutation } from '../../state/queries/logistics.ts';
import { showError } from '../feedback.ts';
import './logistics.css';

/** Settings → Your data: one tap prepares the ZIP; the link comes by mail and shows here when ready. */
export function DataExport() {
  const { t, i18n } = useTranslation();
  const latest = useLatestExportQuery();
  const request = useRequestExportMutation();
  const current = latest.data;
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
        <button
          type="button"
          className="btn btn-outline btn-block"
          data-testid="export-request"
          disabled={request.isPending}
          onClick={() => request.mutate(undefined, { onError: (e) => showError(e) })}
        >
          {t('logistics.export.prepare')}
        </button>
      )}
    </div>
  );
}
