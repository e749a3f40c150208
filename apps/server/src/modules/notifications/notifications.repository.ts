import { and, count, desc, eq, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, dateOrNull, preparedRows, uuidList } from '../../db/client.ts';
import { activities, chats, groups, notifications, polls, users } from '../../db/schema.ts';
import { blockedPairSql } from '../access/access.ts';
import { personColumns, type SummaryRow, toUserSummary } from '../users/user-summary.ts';
import { enqueuePushesSql } from './push.repository.ts';

const chatActivities = alias(activities, 'chat_activities');
const chatGroups = alias(groups, 'chat_groups');

export function createNotificationsRepository(db: DbOrTx) {
  /** A page of a user's notifications, newest first, with the actor and the target's name. */
  const listQuery = (userId: string | Placeholder, limit: number | Placeholder, offset: number | Placeholder) =>
    db
      .select({
        notification: notifications,
        actor: personColumns(users),
        targetName: sql<
          string | null
        >`coalesce(${activities.name}, ${groups.name}, ${polls.title}, ${chatActivities.name}, ${chatGroups.name})`,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actorId))
      .leftJoin(
        activities,
        and(eq(activities.id, notifications.targetId), sql`${notifications.type} like 'ACTIVITY_%'`),
      )
      .leftJoin(groups, and(eq(groups.id, notifications.targetId), sql`${notifications.type} like 'GROUP_%'`))
      .leftJoin(polls, and(eq(polls.id, notifications.targetId), sql`${notifications.type} like 'POLL_%'`))
      .leftJoin(chats, and(eq(chats.id, notifications.targetId), eq(notifications.type, 'SEND_MESSAGE')))
      .leftJoin(chatActivities, eq(chatActivities.id, chats.activityId))
      .leftJoin(chatGroups, eq(chatGroups.id, chats.groupId))
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(limit)
      .offset(offset);
  // The list and the badge's count are read on every screen: built and prepared once (the first page is written
  // without `offset`, so it is a statement of its own).
  const listFirst = listQuery(sql.placeholder('userId'), sql.placeholder('limit'), 0).prepare('notifications_first');
  const listPage = listQuery(sql.placeholder('userId'), sql.placeholder('limit'), sql.placeholder('offset')).prepare(
    'notifications_page',
  );
  const unreadCount = db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
    .prepare('notifications_unread');

  return {
    listByUser(userId: string, page: { page: number; limit: number }) {
      const offset = (page.page - 1) * page.limit;
      return (offset > 0 ? listPage : listFirst).execute({ userId, limit: page.limit, offset });
    },

    async countUnread(userId: string) {
      const [row] = await unreadCount.execute({ userId });
      return row?.n ?? 0;
    },

    markAllRead: (userId: string, at: Date) =>
      db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),

    /** Marks only the caller's own: ids of others' notifications are ignored. */
    markSomeRead: (userId: string, ids: string[], at: Date) =>
      db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt))),
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

/** A notification row as `noticed` returns it: timestamps as the driver gives them (strings when read as JSON). */
export type RecordedRow = Omit<typeof notifications.$inferSelect, 'readAt' | 'createdAt' | 'foldedAt'> & {
  readAt: Date | string | null;
  createdAt: Date | string;
  foldedAt: Date | string | null;
  /** The actor's summary (null: no actor), as JSON. */
  actor: (Omit<SummaryRow, 'lastOnlineAt'> & { lastOnlineAt: string | null }) | null;
};

const recordedColumns = sql.raw(`id, user_id as "userId", type, target_id as "targetId", actor_id as "actorId", reason,
  read_at as "readAt", created_at as "createdAt", folded_at as "foldedAt"`);

/** A recorded row with its dates as dates and its actor as a summary. */
export const toRecorded = ({ actor, readAt, createdAt, foldedAt, ...row }: RecordedRow) => ({
  row: { ...row, readAt: dateOrNull(readAt), createdAt: new Date(createdAt), foldedAt: dateOrNull(foldedAt) },
  actor: actor && toUserSummary({ ...actor, lastOnlineAt: dateOrNull(actor.lastOnlineAt) }),
});

/** A notification to record: `ids[i]` is the id of a new row for `userIds[i]`; the rest is NotifyInput's. */
export interface NoticeValues {
  ids: string[];
  userIds: string[];
  type: string;
  targetId: string;
  actorId: string | null;
  reason: string | null;
  despiteBlocks: boolean;
  onlyIfWanted: boolean;
  onceWithinMs: number | null;
  foldWithinMs: number | null;
}

/** A notice that tells nobody, for a statement that records one only sometimes. */
export const NO_NOTICE: NoticeValues = {
  ids: [],
  userIds: [],
  type: '',
  targetId: '00000000-0000-0000-0000-000000000000',
  actorId: null,
  reason: null,
  despiteBlocks: false,
  onlyIfWanted: false,
  onceWithinMs: null,
  foldWithinMs: null,
};

const interval = (ms: number | null) => (ms === null ? null : `${ms} milliseconds`);

/** The values of recordNoticeSql's placeholders, named with the same `prefix`. */
export function noticeParameters(values: NoticeValues, prefix = '') {
  const { ids, userIds, onceWithinMs, foldWithinMs, ...rest } = values;
  const named = {
    ...rest,
    ids: uuidList(ids),
    userIds: uuidList(userIds),
    onceWithin: interval(onceWithinMs),
    within: interval(foldWithinMs),
  };
  return Object.fromEntries(Object.entries(named).map(([name, value]) => [`${prefix}${name}`, value]));
}

/**
 * The CTEs that record a notification (issue 43), their placeholders named `${prefix}<NoticeValues field>`; the last,
 * `noticed`, holds the RecordedRows: the rows folded, then the rows made, each with its own actor (a fold keeps the
 * first one's, as the list shows it). Written once, for notify_record and for the statements that record a notice
 * beside their own write (a seat taken: membership_seat_<kind>).
 * Left out: recipients who turned the type off (`onlyIfWanted`); for a message, whoever has an unread one about the
 * chat (one per chat and person); within a cool-down (`onceWithin`), whoever got this type about the target from the
 * actor (request-cancel loops, security review L3). The newest notification of the type about the target of each
 * other recipient, if within `within` (null: never), gains one person, " +N" in its reason, unread again; the others
 * get a new row, its pushes queued. Nobody is notified of what someone did when either of the two blocked the other
 * (blockRules.blockedPair, security review M-N3), not even as a count, unless `despiteBlocks` (a new row only): no
 * row, so no live event and no push.
 */
export function recordNoticeSql(prefix = '') {
  const value = (name: keyof NoticeValues | 'onceWithin' | 'within') => sql.placeholder(`${prefix}${name}`);
  const type = sql`${value('type')}::text`;
  const targetId = sql`${value('targetId')}::uuid`;
  const actorId = sql`${value('actorId')}::uuid`;
  return sql`
    wanted as (
      select r.id, r.user_id
      from unnest(${value('ids')}::uuid[], ${value('userIds')}::uuid[]) as r(id, user_id)
      where not (${value('onlyIfWanted')}::boolean and exists (select 1 from users u
          where u.id = r.user_id and (u.notification_preferences ->> ${type}) = 'false'))
        and not (${type} = 'SEND_MESSAGE' and exists (select 1 from notifications o
          where o.user_id = r.user_id and o.type = 'SEND_MESSAGE' and o.target_id = ${targetId} and o.read_at is null))
        and not (${value('onceWithin')}::interval is not null and exists (select 1 from notifications o
          where o.user_id = r.user_id and o.type = ${type} and o.target_id = ${targetId} and o.actor_id = ${actorId}
            and o.created_at > now() - ${value('onceWithin')}::interval))
    ),
    folded as (
      update notifications n set
        reason = ltrim(regexp_replace(coalesce(n.reason, ''), ' ?[+][0-9]+$', '') || ' +' ||
          (coalesce(substring(n.reason from '[+]([0-9]+)$')::int, 0) + 1)),
        read_at = null, folded_at = now()
      where n.id in (
          select distinct on (o.user_id) o.id from notifications o
          -- On the parameter alone, so a plan checks it once: nothing to fold, nothing read.
          where ${value('within')}::interval is not null and o.user_id in (select user_id from wanted)
            and o.type = ${type} and o.target_id = ${targetId}
            and o.created_at > now() - ${value('within')}::interval
          order by o.user_id, o.id desc)
        and not ${blockedPairSql(sql`n.user_id`, actorId)}
      returning n.*
    ),
    inserted as (
      insert into notifications (id, user_id, type, target_id, actor_id, reason, read_at, created_at, folded_at)
      select w.id, w.user_id, ${type}, ${targetId}, ${actorId}, ${value('reason')}::text, null, now(), null
      from wanted w
      where w.user_id not in (select user_id from folded)
        and (${value('despiteBlocks')}::boolean or not ${blockedPairSql(sql`w.user_id`, actorId)})
      returning *
    ),
    queued as (${enqueuePushesSql(sql`inserted`)}),
    noticed as (
      select r.*, (select json_build_object('userId', a.id, 'username', a.username, 'firstName', a.first_name,
          'lastName', a.last_name, 'profilePicture', a.profile_picture, 'lastOnlineAt', a.last_online_at)
        from users a where a.id = r."actorId") as actor
      from (select ${recordedColumns} from folded union all select ${recordedColumns} from inserted) r
    )`;
}

/**
 * What the notifier writes as it notifies, on the caller's transaction when given. Every notification runs it
 * (issue 17): built once, prepared per connection. One array parameter rather than a row of parameters per
 * recipient, so that inviting a group of a thousand stays one cheap statement to bind and plan.
 */
export function createNotifierRepository(db: Db) {
  const recordStatement = preparedRows<RecordedRow>(
    db,
    'notify_record',
    sql`with ${recordNoticeSql()} select * from noticed`,
  );

  return {
    /** Records a notice as recordNoticeSql says: the rows folded, then the rows made. */
    record: (values: NoticeValues, tx: DbOrTx = db) => recordStatement.execute(noticeParameters(values), tx),
  };
}

export type NotifierRepository = ReturnType<typeof createNotifierRepository>;

/** Organiser notifications with events folded in whose batching window has closed: their digest push is due. */
export function createDigestRepository() {
  return {
    /**
     * Takes up to `limit` folded notifications created more than `withinMs` ago, clearing their mark, in the
     * caller's transaction; rows another instance holds are skipped, so each digest is taken once.
     */
    take(withinMs: number, limit: number, tx: DbOrTx) {
      return tx
        .update(notifications)
        .set({ foldedAt: null })
        .where(
          sql`${notifications.id} in (
            select n.id from ${notifications} n
            where n.folded_at is not null and n.created_at <= now() - make_interval(secs => ${withinMs / 1000})
            order by n.created_at limit ${limit} for update skip locked)`,
        )
        .returning({ id: notifications.id, userId: notifications.userId, type: notifications.type });
    },
  };
}
