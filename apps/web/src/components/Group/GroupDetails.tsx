import type { Group } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { useAcceptGroupConsentMutation, useGroupQuery } from '../../state/queries/group.ts';
import { useSportName, useSportsQuery } from '../../state/queries/sports.ts';
import { CalendarFeed } from '../Calendar/CalendarFeed.tsx';
import { QueryState } from '../QueryState.tsx';
import { SportPlaceholder } from '../SportPlaceholder.tsx';
import { AttendanceRules } from './AttendanceRules.tsx';
import { GroupActions } from './GroupActions.tsx';
import { GroupCalendar } from './GroupCalendar.tsx';
import { GroupMembers } from './GroupMembers.tsx';
import { GroupPolls } from './GroupPolls.tsx';
import { GroupRequests } from './GroupRequests.tsx';
import { GroupRoster } from './GroupRoster.tsx';
import { NextActivities } from './NextActivities.tsx';
import { Subgroups } from './Subgroups.tsx';
import '../Activity/activity.css';
import './group.css';
import { ConsentChanged } from '../Consent/ConsentChanged.tsx';
import { ConsentDetails } from '../Consent/ConsentDetails.tsx';

/** Everything about one group: who is in it, what it does next, and what the caller may do. */
export function GroupDetails({ groupId, onGone }: { groupId: string; onGone?: () => void }) {
  const query = useGroupQuery(groupId);
  return (
    <QueryState query={query} notFoundCode="GROUP_NOT_FOUND" testPrefix="group" skeleton="page">
      {(group) => <Details group={group} onGone={onGone} />}
    </QueryState>
  );
}

function Details({ group, onGone }: { group: Group; onGone?: () => void }) {
  const { t } = useTranslation();
  const sportNames = useSportNames(group.sportIds);
  const member = group.status === 'PARTICIPATING';
  const seesActivities = member || group.type === 'OPEN';
  const acceptConsent = useAcceptGroupConsentMutation();
  return (
    <article className="group-details" data-testid="group-details" data-group-id={group.groupId}>
      {/* A cover leads the page (issue 44): the group's picture, else a scene of its first sport. */}
      <div className="group-cover" data-testid="group-cover">
        {group.picture ? (
          <img src={group.picture} alt="" />
        ) : (
          <SportPlaceholder sportId={group.sportIds[0]} className="group-cover-scene" />
        )}
      </div>
      <header className="group-head">
        <div>
          <h2 data-testid="group-name">{group.name}</h2>
          <div className="activity-tags">
            <span className="tag" data-testid="group-type">
              {t(`group.type.${group.type}`)}
            </span>
            <span className="tag">{t('group.members', { count: group.membersCount })}</span>
            {group.isAdmin && (
              <span className="tag tag-admin" data-testid="group-admin-badge">
                {t('group.view.youAreAdmin')}
              </span>
            )}
          </div>
        </div>
      </header>

      {group.status === 'REJECTED' && (
        <p className="activity-notice error" data-testid="group-rejected">
          {t('group.view.rejected', { reason: group.rejectionReason ?? '' })}
        </p>
      )}
      {group.status === 'REQUESTED' && (
        <p className="activity-notice" data-testid="group-requested">
          {t('group.view.requestPending')}
        </p>
      )}
      {group.status === 'INVITED' && (
        <p className="activity-notice" data-testid="group-invited">
          {t('group.view.invited')}
        </p>
      )}

      <ConsentChanged
        subject={group}
        accept={(consentVersion) => acceptConsent.mutateAsync({ groupId: group.groupId, consentVersion })}
      />
      <GroupActions group={group} onGone={onGone} />

      {(group.description || sportNames.length > 0 || group.location || group.consent) && (
        <section className="activity-about">
          {group.description && (
            <p className="activity-description" data-testid="group-description">
              {group.description}
            </p>
          )}
          {sportNames.length > 0 && (
            <p data-testid="group-sports">
              <strong>{t('group.view.sports')}:</strong> {sportNames.join(', ')}
            </p>
          )}
          {group.location && (
            <p data-testid="group-location">
              <strong>{t('group.view.location')}:</strong>{' '}
              {group.location.address ??
                `${group.location.latitude.toFixed(4)}, ${group.location.longitude.toFixed(4)}`}
            </p>
          )}
          <ConsentDetails consent={group.consent} />
        </section>
      )}

      {group.isAdmin && <GroupRequests group={group} />}
      <AttendanceRules group={group} />
      <GroupMembers group={group} />
      <Subgroups group={group} />
      <GroupPolls group={group} />
      <GroupRoster group={group} />
      {seesActivities ? (
        <>
          <NextActivities groupId={group.groupId} />
          <GroupCalendar groupId={group.groupId} />
          <CalendarFeed feed={{ kind: 'group', groupId: group.groupId }} />
        </>
      ) : (
        <p className="muted" data-testid="group-activities-hidden">
          {t('group.view.activitiesHidden')}
        </p>
      )}
    </article>
  );
}

/** The sports' names in the current language, in the group's order. */
function useSportNames(sportIds: string[]): string[] {
  const { data } = useSportsQuery();
  const nameOf = useSportName();
  return sportIds.map((id) => {
    const sport = data?.sports.find((s) => s.sportId === id);
    return sport ? nameOf(sport) : id;
  });
}
