import type { UserSummary } from '@cordata/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../feedback.ts';
import '../forms/forms.css';
import { openProfile } from './Members.tsx';
import { PersonRow } from './People.tsx';

/** What the admin's answers call: an activity's or a group's accept and reject-with-reason. */
export interface RequestAnswers {
  accept: (userId: string) => Promise<unknown>;
  reject: (userId: string, reason: string) => Promise<unknown>;
}

/** The words and test ids of each owner's list; the rest is the same for both. */
const OWNERS = {
  activity: { testPrefix: '', showMore: 'activity.view.showMore' },
  group: { testPrefix: 'group-', showMore: 'group.showMore' },
} as const;

/** Admin: the pending requests to join an activity or a group, each accepted or rejected with a reason. */
export function JoinRequests<R extends UserSummary>({
  owner,
  ownerId,
  requests,
  pending,
  more,
  answers,
  about,
}: {
  owner: keyof typeof OWNERS;
  ownerId: string;
  requests: readonly R[];
  /** What the owner says about each requester under their name (an activity's: their attendance record). */
  about?: (request: R) => ReactNode;
  /** The first page is still on its way. */
  pending: boolean;
  /** Loads the next page, where there is one. */
  more: (() => void) | null;
  /** Null: read only (a group activity's ride leader sees the requests; its organisers answer them). */
  answers: RequestAnswers | null;
}) {
  const { t } = useTranslation();
  const p = OWNERS[owner].testPrefix;
  return (
    <section className="activity-people" id={`${p}requests-${ownerId}`} data-testid={`${p}requests`}>
      <h3>
        {t(`${owner}.view.requestsTitle`)} ({requests.length})
      </h3>
      {requests.length === 0 && !pending && <p className="muted">{t(`${owner}.view.noRequests`)}</p>}
      <ul className="people-list">
        {requests.map((r) => (
          <RequestRow key={r.userId} owner={owner} request={r} answers={answers} about={about?.(r)} />
        ))}
      </ul>
      {more && (
        <button type="button" className="btn btn-ghost btn-block" onClick={more}>
          {t(OWNERS[owner].showMore)}
        </button>
      )}
    </section>
  );
}

function RequestRow({
  owner,
  request,
  answers,
  about,
}: {
  owner: keyof typeof OWNERS;
  request: UserSummary;
  answers: RequestAnswers | null;
  about?: ReactNode;
}) {
  const { t } = useTranslation();
  const p = OWNERS[owner].testPrefix;
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';

  const answer = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing) return;
    void answer(() => answers!.reject(request.userId, reason.trim()));
  };

  return (
    <PersonRow
      person={request}
      testId={`${p}request`}
      subtitle={about}
      className="request-row"
      onOpen={() => openProfile(request.userId)}
      actions={
        answers &&
        !rejecting && (
          <>
            <button
              type="button"
              className="btn btn-blue btn-small"
              data-testid={`${p}request-accept`}
              disabled={busy}
              onClick={() => void answer(() => answers.accept(request.userId))}
            >
              {t('common.accept')}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-small"
              data-testid={`${p}request-reject`}
              disabled={busy}
              onClick={() => setRejecting(true)}
            >
              {t(`${owner}.view.reject`)}
            </button>
          </>
        )
      }
    >
      {rejecting && (
        <form className="reject-form" onSubmit={submitReject} noValidate>
          <div className="field">
            <label htmlFor={`${p}reason-${request.userId}`}>{t(`${owner}.view.rejectReason`)}</label>
            <textarea
              id={`${p}reason-${request.userId}`}
              data-testid={`${p}reject-reason`}
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
            <button type="submit" className="btn btn-error" data-testid={`${p}reject-confirm`} disabled={busy}>
              {t(`${owner}.view.reject`)}
            </button>
          </div>
        </form>
      )}
    </PersonRow>
  );
}
