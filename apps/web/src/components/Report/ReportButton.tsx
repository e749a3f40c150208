import type { CallInput } from '@cordata/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { REPORT_REASONS } from '../../contract.ts';
import { showError, showSuccess } from '../feedback.ts';
import './report.css';

type Target = Pick<CallInput<'report/create'>, 'targetType' | 'targetId'>;

/** "Report": opens a short form with the reasons, then files the report (spec §6: any user may report). */
export function ReportButton({
  targetType,
  targetId,
  initiallyOpen = false,
  onClose,
}: Target & { initiallyOpen?: boolean; onClose?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpenState] = useState(initiallyOpen);
  const setOpen = (value: boolean) => {
    setOpenState(value);
    if (!value) onClose?.();
  };
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = REPORT_REASONS.find((r) => r === form.get('reason'));
    if (!reason) return; // Cannot happen: the first reason starts checked.
    const details = String(form.get('details') ?? '').trim();
    setSending(true);
    try {
      await api('report/create', { targetType, targetId, reason, details: details || undefined });
      setOpen(false);
      showSuccess(t('report.sent'));
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="report-link" onClick={() => setOpen(true)} data-testid="report-open">
        {t('report.action')}
      </button>
    );
  }
  return (
    <form className="report-form" onSubmit={submit} data-testid="report-form">
      <strong>{t(`report.title.${targetType}`)}</strong>
      {REPORT_REASONS.map((reason, i) => (
        <label key={reason} className="report-reason">
          <input
            type="radio"
            name="reason"
            value={reason}
            defaultChecked={i === 0}
            data-testid={`report-reason-${reason}`}
          />
          {t(`report.reasons.${reason}`)}
        </label>
      ))}
      <textarea
        name="details"
        maxLength={1000}
        rows={2}
        placeholder={t('report.details')}
        data-testid="report-details"
      />
      <div className="report-buttons">
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-red" disabled={sending} data-testid="report-submit">
          {t('report.submit')}
        </button>
      </div>
    </form>
  );
}
