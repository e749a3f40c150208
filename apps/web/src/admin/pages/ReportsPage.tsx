import type { ReportedTarget } from '@cordata/contract';
import { useState } from 'react';
import { OptionGroup } from '../../components/kit/OptionGroup.tsx';
import { useReportActions } from '../actions.ts';
import { useActionDialog } from '../Dialog.tsx';
import { type ReportStatus, useReportsQuery } from '../queries.ts';
import { ActionMessage, day, ErrorText, nameOf, useMe, useT } from '../shared.tsx';
import { ReportContext } from './ReportContext.tsx';

/** The report queue: reported targets, most reported first, open or closed, each with its actions. */
export function ReportsPage() {
  const t = useT();
  const [status, setStatus] = useState<ReportStatus>('OPEN');
  const { data: targets, error } = useReportsQuery(status);
  const dialogs = useActionDialog();
  const resolve = useReportActions(dialogs);
  return (
    <section data-testid="admin-reports">
      <div className="admin-toolbar">
        <OptionGroup
          inline
          options={['OPEN', 'CLOSED'] as const}
          value={status}
          onChange={setStatus}
          label={(s) => t(s === 'OPEN' ? 'reports.open' : 'reports.closed')}
          testId={(s) => `admin-status-${s.toLowerCase()}`}
          optionClass={(_, chosen) => (chosen ? 'btn btn-blue' : 'btn')}
        />
      </div>
      <ActionMessage message={dialogs.message} />
      <ErrorText error={error} />
      {targets?.length === 0 && <p>{t('reports.empty')}</p>}
      {targets?.map((target) => (
        <ReportedCard key={`${target.targetType}:${target.targetId}`} target={target} resolve={resolve} />
      ))}
      {dialogs.dialog}
    </section>
  );
}

function ReportedCard({ target, resolve }: { target: ReportedTarget; resolve: ReturnType<typeof useReportActions> }) {
  const t = useT();
  const me = useMe();
  return (
    <article className="admin-card" data-testid="admin-report">
      <header>
        <strong>{t(`targets.${target.targetType}`)}</strong> ·{' '}
        {t('reports.count', { count: target.openCount, total: target.reportCount })}
      </header>
      <ReportContext target={target} />
      <ul className="admin-report-list">
        {target.reports.map((r) => (
          <li key={r.reportId}>
            {t(`reasons.${r.reason}`)} — {nameOf(r.reporter)} · {day(r.createdAt)}
            {r.details && <q> {r.details}</q>} {r.status !== 'OPEN' && <em>({r.resolution})</em>}
          </li>
        ))}
      </ul>
      {target.openCount > 0 && (
        <div className="admin-actions">
          <button type="button" className="btn" onClick={() => resolve(target, 'DISMISS')} data-testid="admin-dismiss">
            {t('reports.dismiss')}
          </button>
          {target.targetType !== 'USER' && (
            <button
              type="button"
              className="btn"
              onClick={() => resolve(target, 'REMOVE_CONTENT')}
              data-testid="admin-remove"
            >
              {t('reports.remove')}
            </button>
          )}
          <button
            type="button"
            className="btn"
            onClick={() => resolve(target, 'SUSPEND_USER')}
            data-testid="admin-suspend"
          >
            {t('reports.suspend')}
          </button>
          {me?.role === 'ADMIN' && (
            <button
              type="button"
              className="btn btn-error"
              onClick={() => resolve(target, 'DELETE_ACCOUNT')}
              data-testid="admin-delete"
            >
              {t('reports.delete')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
