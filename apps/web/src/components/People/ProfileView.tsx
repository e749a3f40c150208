import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { openSheet } from '../../sheets/store.ts';
import { useProfileQuery, useUserActivitiesQuery, useUserGroupsQuery } from '../../state/queries/people.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import { OwnAttendanceRecord } from '../Activity/Attendance.tsx';
import { ReportButton } from '../Report/ReportButton.tsx';
import { BlockButton } from './BlockButton.tsx';
import { fullName } from './format.ts';
import { MessageButton } from './MessageButton.tsx';
import { ConnectionActions, PersonAvatarLarge, SportChips } from './People.tsx';

/** A person's profile: who they are, their sports, what you can share with them, and the connection. */
export function ProfileView({ userId, onNavigate }: { userId: string; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const own = useOwnProfileQuery();
  const profile = useProfileQuery(userId);
  const activities = useUserActivitiesQuery(userId);
  const groups = useUserGroupsQuery(userId);
  if (profile.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (profile.isError || !profile.data) {
    const gone = isApiError(profile.error) && profile.error.code === 'USER_NOT_FOUND';
    return <p className="muted">{gone ? t('people.profile.notFound') : t('errors.INTERNAL')}</p>;
  }
  const { user, connection, blocked } = profile.data;
  const mine = own.data?.user.sports.map((s) => s.sportId) ?? [];
  const isMe = own.data?.user.userId === user.userId;
  const about = [user.age !== null ? t('people.age', { age: user.age }) : null, user.city, user.country]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="profile-view" data-testid="profile-view">
      <div className="profile-head">
        <PersonAvatarLarge person={user} />
        <h2 data-testid="profile-name">{fullName(user)}</h2>
        {user.username && <p className="muted">@{user.username}</p>}
        {about && <p className="muted">{about}</p>}
        {!isMe && (
          <div className="profile-actions" data-testid="profile-connection" data-connection={connection}>
            {connection === 'CONTACT' && !blocked && <MessageButton person={user} />}
            <ConnectionActions person={user} connection={connection} />
          </div>
        )}
        {!isMe && (
          <div className="profile-safety">
            <ReportButton targetType="USER" targetId={user.userId} />
            <BlockButton person={user} blocked={blocked} />
          </div>
        )}
      </div>
      {isMe && <OwnAttendanceRecord />}
      <section className="people-section">
        <h2>{t('people.profile.sports')}</h2>
        <SportChips sports={user.sports} shared={isMe ? [] : mine} />
      </section>
      <section className="people-section" data-testid="profile-activities">
        <h2>{t('people.profile.activities')}</h2>
        {activities.data?.length ? (
          <ul className="people-list">
            {activities.data.map((a) => (
              <li key={a.activityId}>
                <button
                  type="button"
                  className="list-button"
                  onClick={() => openSheet({ type: 'activity', params: { id: a.activityId } })}
                >
                  <span>
                    {a.name}
                    <br />
                    <small className="muted">{formatDateTime(new Date(a.startsAt), i18n.language)}</small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('people.profile.noActivities')}</p>
        )}
      </section>
      <section className="people-section" data-testid="profile-groups">
        <h2>{t('people.profile.groups')}</h2>
        {groups.data?.length ? (
          <ul className="people-list">
            {groups.data.map((g) => (
              <li key={g.groupId}>
                <button
                  type="button"
                  className="list-button"
                  onClick={() => {
                    onNavigate?.();
                    navigate(`/view-group/${g.groupId}`);
                  }}
                >
                  <span>
                    {g.name}
                    <br />
                    <small className="muted">{t('people.profile.members', { count: g.membersCount })}</small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('people.profile.noGroups')}</p>
        )}
      </section>
    </div>
  );
}
