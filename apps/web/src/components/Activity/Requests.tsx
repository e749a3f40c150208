import type { Activity, UserSummary } from '@cordata/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcceptRequestMutation, useRejectRequestMutation, useRequestsQuery } from '../../state/queries/activity.ts';
import { showError } from '../feedback.ts';
import '../forms/forms.css';
import { PersonRow } from '../People/People.tsx';
import { openProfile } from './Participants.tsx';

/** Admin: the pending requests, each accepted or rejected with a reason. */
export function Requests({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const query = useRequestsQuery(activity.activityId, activity.isAdmin);
  const requests = query.data?.pages.flatMap((p) => p.requests) ?? [];
  if (activity.access === 'OPEN' && requests.length === 0) return null;
  return (
    <section className="activity-people" id={`requests-${activity.activityId}`} data-testid="requests">
      <h3>
        {t('activity.view.requestsTitle')} ({requests.length})
      </h3>
      {requests.length === 0 && !query.isPending && <p className="muted">{t('activity.view.noRequests')}</p>}
      <ul className="people-list">
        {requests.map((r) => (
          <RequestRow key={r.userId} activityId={activity.activityId} request={r} />
        ))}
      </ul>
      {query.hasNextPage && (
        <button type="button" className="btn btn-ghost btn-block" onClick={() => query.fetchNextPage()}>
          {t('activity.view.showMore')}
        </button>
      )}
    </section>
  );
}

function RequestRow({ activityId, request }: { activityId: string; request: UserSummary }) {
  const { t } = useTranslation();
  const accept = useAcceptRequestMutation();
  const reject = useRejectRequestMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const busy = accept.isPending || reject.isPending;
  const missing = reason.trim() === '';

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing) return;
    reject.mutate({ activityId, userId: request.userId, reason: reason.trim() }, { onError: (e) => showError(e) });
  };

  return (
    <>
      <PersonRow
        person={request}
        onOpen={() => openProfile(request.userId)}
        actions={
          !rejecting && (
            <>
              <button
                type="button"
                className="btn btn-blue btn-small"
                data-testid="request-accept"
                disabled={busy}
                onClick={() => accept.mutate({ activityId, userId: request.userId }, { onError: (e) => showError(e) })}
              >
                {t('common.accept')}
              </button>
              <button
                type="button"
                className="btn btn-outline btn-small"
                data-testid="request-reject"
                disabled={busy}
                onClick={() => setRejecting(true)}
              >
                {t('activity.view.reject')}
              </button>
            </>
          )
        }
      />
      {rejecting && (
        <li className="reject-form">
          <form onSubmit={submitReject} noValidate>
            <div className="field">
              <label htmlFor={`reason-${request.userId}`}>{t('activity.view.rejectReason')}</label>
              <textarea
                id={`reason-${request.userId}`}
                data-testid="reject-reason"
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
              <button type="submit" className="btn btn-error" data-testid="reject-confirm" disabled={busy}>
                {t('activity.view.reject')}
              </button>
            </div>
          </form>
        </li>
      )}
    </>
  );
}
