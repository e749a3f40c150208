import type { Group, UserSummary } from '@cordata/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAcceptGroupRequestMutation,
  useGroupRequestsQuery,
  useRejectGroupRequestMutation,
} from '../../state/queries/group.ts';
import { PersonButton } from '../Activity/Participants.tsx';
import { showError } from '../feedback.ts';
import '../forms/forms.css';

/** Admin: the pending requests, each accepted or rejected with a reason. */
export function GroupRequests({ group }: { group: Group }) {
  const { t } = useTranslation();
  const query = useGroupRequestsQuery(group.groupId, group.isAdmin);
  const requests = query.data?.pages.flatMap((p) => p.requests) ?? [];
  if (group.type === 'OPEN' && requests.length === 0) return null;
  return (
    <section className="activity-people" id={`group-requests-${group.groupId}`} data-testid="group-requests">
      <h3>
        {t('group.view.requestsTitle')} ({requests.length})
      </h3>
      {requests.length === 0 && !query.isPending && <p className="muted">{t('group.view.noRequests')}</p>}
      <ul className="people-list">
        {requests.map((r) => (
          <RequestRow key={r.userId} groupId={group.groupId} request={r} />
        ))}
      </ul>
      {query.hasNextPage && (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => query.fetchNextPage()}>
          {t('group.showMore')}
        </button>
      )}
    </section>
  );
}

function RequestRow({ groupId, request }: { groupId: string; request: UserSummary }) {
  const { t } = useTranslation();
  const accept = useAcceptGroupRequestMutation();
  const reject = useRejectGroupRequestMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const busy = accept.isPending || reject.isPending;
  const missing = reason.trim() === '';

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing) return;
    reject.mutate({ groupId, userId: request.userId, reason: reason.trim() }, { onError: (e) => showError(e) });
  };

  return (
    <li className="request-row" data-testid="group-request" data-user-id={request.userId}>
      <div className="request-main">
        <PersonButton person={request} />
        {!rejecting && (
          <span className="request-buttons">
            <button
              type="button"
              className="btn btn-blue"
              data-testid="group-request-accept"
              disabled={busy}
              onClick={() => accept.mutate({ groupId, userId: request.userId }, { onError: (e) => showError(e) })}
            >
              {t('common.accept')}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              data-testid="group-request-reject"
              disabled={busy}
              onClick={() => setRejecting(true)}
            >
              {t('group.view.reject')}
            </button>
          </span>
        )}
      </div>
      {rejecting && (
        <form className="reject-form" onSubmit={submitReject} noValidate>
          <div className="field">
            <label htmlFor={`group-reason-${request.userId}`}>{t('group.view.rejectReason')}</label>
            <textarea
              id={`group-reason-${request.userId}`}
              data-testid="group-reject-reason"
              value={reason}
              maxLength={500}
              rows={2}
              aria-invalid={touched && missing ? true : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {touched && missing && (
              <p className="field-problem" role="alert">
                {t('validation.required')}
              </p>
            )}
          </div>
          <div className="request-buttons">
            <button type="button" className="btn btn-ghost" onClick={() => setRejecting(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-error" data-testid="group-reject-confirm" disabled={busy}>
              {t('group.view.reject')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
