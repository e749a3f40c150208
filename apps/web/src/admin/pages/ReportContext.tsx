import type { ReportedTarget } from '@cordata/contract';
import { Link } from 'react-router';
import { nameOf, UserLink, useT } from '../shared.tsx';

/** What was reported, in context: the person, the activity or group, or the message with its neighbours. */
export function ReportContext({ target }: { target: ReportedTarget }) {
  const t = useT();
  const c = target.context;
  if (!c) return <p>—</p>;
  const content = c.activity ?? c.group;
  return (
    <div className="admin-context">
      {c.user && (
        <p>
          <strong>
            <UserLink user={c.user} />
          </strong>{' '}
          @{c.user.username} · {c.user.email} · {t('common.reports')}: {c.user.reportCount}
        </p>
      )}
      {content && (
        <p>
          <strong>
            <Link to={c.activity ? `/admin/activities/${c.activity.activityId}` : `/admin/groups/${c.group!.groupId}`}>
              {content.name}
            </Link>
          </strong>{' '}
          — {content.description}
          {content.deletedAt && <em> ({t('common.removed')})</em>}
        </p>
      )}
      {c.message && (
        <ol className="admin-thread">
          {c.message.before.map((m) => (
            <li key={m.messageId}>
              <b>{nameOf(m.sender)}:</b> {m.text}
            </li>
          ))}
          <li className="admin-reported" title={t('reports.reported')}>
            <b>{nameOf(c.message.sender)}:</b> {c.message.text || <em>{t('common.removed')}</em>}
          </li>
          {c.message.after.map((m) => (
            <li key={m.messageId}>
              <b>{nameOf(m.sender)}:</b> {m.text}
            </li>
          ))}
        </ol>
      )}
      <p>
        {t('reports.owner')}: <UserLink user={c.owner} />
      </p>
    </div>
  );
}
