import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isWrongPassword } from '../../api/reauthenticate.ts';
import { config } from '../../config.ts';
import { formatLongDate } from '../../i18n/dates.ts';
import { useLatestExportQuery, useRequestExportMutation } from '../../state/queries/logistics.ts';
import { showError } from '../feedback.ts';
import { PasswordAgainField } from '../forms/Field.tsx';
import './logistics.css';

/**
 * Settings → Your data: the password entered again prepares the ZIP (review L-N3); the link comes by mail and shows
 * here when ready.
 */
export function DataExport() {
  const { t, i18n } = useTranslation();
  const latest = useLatestExportQuery();
  const request = useRequestExportMutation();
  const current = latest.data;
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null);
  const prepare = () => {
    if (!password) return setPasswordProblem(t('logistics.export.passwordNeeded'));
    setPasswordProblem(null);
    request.mutate(password, {
      onSuccess: () => setPassword(''),
      onError: (e) => (isWrongPassword(e) ? setPasswordProblem(t('logistics.export.passwordWrong')) : showError(e)),
    });
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
          <PasswordAgainField
            label={t('logistics.export.password')}
            value={password}
            onChange={setPassword}
            testId="export-password"
            problem={passwordProblem}
          />
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
