import type { ConsentGiven, UserSummary } from '@cordata/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openSheet } from '../../sheets/store.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { ConsentState } from '../Consent/ConsentState.tsx';
import { confirm, showError, showSuccess } from '../feedback.ts';
import { fullName } from './format.ts';
import { PersonRow } from './People.tsx';

/** Someone taking part in an activity or a member of a group. */
export type Member = UserSummary & { isAdmin: boolean; consent?: ConsentGiven | null };

export type MemberAction = 'makeAdmin' | 'removeAdmin' | 'remove';

/** What an admin may do to the others; the list of an activity and of a group differ only in these. */
export interface MemberManagement {
  /** Runs one call on the server; a rejection (e.g. LAST_ADMIN) is shown as the server's error. */
  run: (action: MemberAction, userId: string) => Promise<unknown>;
  /** The confirmation asked before someone is removed. */
  removeConfirm: (name: string) => { title: string; description: string };
}

export const openProfile = (userId: string) => openSheet({ type: 'profile', params: { id: userId } });

/**
 * The people of an activity or a group, admins marked. With `manage` (the caller is an admin) each other
 * row offers: make admin and remove for a participant, remove admin for an admin. Every outcome is told
 * through the feedback modal.
 */
export function MemberList({
  members,
  manage,
  rowTestId,
  consentVersion,
}: {
  members: readonly Member[];
  manage: MemberManagement | null;
  rowTestId: string;
  /**
   * For the organisers, the current version of the text to accept: each row says whether its person did (admins
   * manage the text and are not asked).
   */
  consentVersion?: number;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // The caller's own row has no admin buttons: leaving is the screen's Leave action.
  const me = useOwnProfileQuery().data?.user.userId;

  const act = async (action: MemberAction, member: Member) => {
    if (!manage) return;
    const name = fullName(member);
    if (action === 'remove') {
      const sure = await confirm({
        ...manage.removeConfirm(name),
        confirmLabel: t('people.members.remove'),
        destructive: true,
      });
      if (!sure) return;
    }
    setBusy(true);
    try {
      await manage.run(action, member.userId);
      showSuccess(t(`people.members.done.${action}`, { name }));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const button = (action: MemberAction, member: Member, className: string) => (
    <button
      type="button"
      className={`btn btn-small ${className}`}
      data-testid={`member-${action === 'makeAdmin' ? 'make-admin' : action === 'removeAdmin' ? 'remove-admin' : 'remove'}`}
      disabled={busy}
      onClick={() => void act(action, member)}
    >
      {t(`people.members.${action}`)}
    </button>
  );

  return (
    <ul className="people-list">
      {members.map((m) => {
        const managed = manage !== null && me !== undefined && m.userId !== me;
        return (
          <PersonRow
            key={m.userId}
            person={m}
            testId={rowTestId}
            className="member-row"
            onOpen={() => openProfile(m.userId)}
            subtitle={
              m.isAdmin ? (
                <span className="tag tag-admin">{t('people.members.admin')}</span>
              ) : (
                consentVersion !== undefined && <ConsentState given={m.consent ?? null} version={consentVersion} />
              )
            }
            actions={
              managed &&
              (m.isAdmin ? (
                button('removeAdmin', m, 'btn-outline')
              ) : (
                <>
                  {button('makeAdmin', m, 'btn-outline')}
                  {button('remove', m, 'btn-ghost btn-danger')}
                </>
              ))
            }
          />
        );
      })}
    </ul>
  );
}
