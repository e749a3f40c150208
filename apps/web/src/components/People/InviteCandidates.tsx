import type { SkipReason } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import type { InviteCandidate } from '../../state/queries/invitable.ts';
import { errorText } from '../feedback.ts';
import { LoadMore, type PagedList } from '../LoadMore.tsx';
import { fullName } from './format.ts';
import { Avatar } from './People.tsx';

export interface CandidatePages extends PagedList {
  data: InviteCandidate[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The contacts to pick for an invitation, 10 a page with "Load more": a checkbox each, disabled with the
 * reason for those who cannot be invited (already invited, taking part, with a pending request...).
 * What is chosen lives with the caller, so it stays as more pages load.
 */
export function InviteCandidates({
  list,
  chosen,
  onToggle,
  kind,
  empty,
}: {
  list: CandidatePages;
  chosen: (userId: string) => boolean;
  onToggle: (userId: string) => void;
  /** Whose state the reasons describe: "already taking part" reads "already a member" for a group. */
  kind: 'activity' | 'group';
  empty: string;
}) {
  const { t } = useTranslation();
  const reasonText = (reason: SkipReason) =>
    kind === 'group' && reason === 'ALREADY_PARTICIPATING'
      ? t('people.invite.alreadyMember')
      : t(`activity.wizard.skip.${reason}`);
  if (list.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (list.isError)
    return (
      <p className="muted" role="alert" data-testid="invite-error">
        {errorText(list.error)}
      </p>
    );
  if (!list.data?.length)
    return (
      <p className="muted" data-testid="invite-empty">
        {empty}
      </p>
    );
  return (
    <>
      <ul className="people-list" data-testid="invite-list">
        {list.data.map((c) => (
          <li key={c.userId} className="person-row">
            <label className="person-open invite-row" data-testid="invite-candidate">
              <input
                type="checkbox"
                checked={c.reason === null && chosen(c.userId)}
                disabled={c.reason !== null}
                data-testid={`invite-${c.userId}`}
                onChange={() => onToggle(c.userId)}
              />
              <Avatar person={c} size={36} />
              <span className="person-text">
                <strong>{fullName(c)}</strong>
                {c.reason ? (
                  <small className="muted">{reasonText(c.reason)}</small>
                ) : (
                  c.username && <small className="muted">@{c.username}</small>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <LoadMore list={list} label={t('people.loadMore')} testId="invite-more" />
    </>
  );
}
