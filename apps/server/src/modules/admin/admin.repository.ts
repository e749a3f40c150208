import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { type Row, summaryColumns } from './admin.mappers.ts';

export type TargetType = 'USER' | 'ACTIVITY' | 'GROUP' | 'MESSAGE';
export interface AuditInput {
  actorId: string;
  action: string;
  targetType?: string;
  targetId?: string;
  reason?: string | null;
  details?: Record<string, unknown>;
}
interface Page {
  page: number;
  limit: number;
}

const creator = sql.raw(summaryColumns('c', 'c_'));
const reportCount = (type: TargetType, idColumn: string) =>
  sql.raw(`(select count(*)::int from reports r where r.target_type = '${type}' and r.target_id = ${idColumn})`);
const likeAny = (query: string | undefined) => (query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);
const offset = (p: Page) => (p.page - 1) * p.limit;

export function createAdminRepository(db: DbOrTx) {
  const rows = (query: SQL, tx: DbOrTx = db) => queryRows<Row>(tx, query);

  const userSelect = sql`select u.*, ${reportCount('USER', 'u.id')} as report_count from users u`;
  const activitySelect = sql`
    select a.*, ${creator}, ${reportCount('ACTIVITY', 'a.id')} as report_count,
      (select count(*)::int from activity_members m where m.activity_id = a.id and m.state = 'PARTICIPATING') as participant_count
    from activities a left join users c on c.id = a.created_by`;
  const groupSelect = sql`
    select g.*, ${creator}, ${reportCount('GROUP', 'g.id')} as report_count,
      (select count(*)::int from group_members m where m.group_id = g.id and m.state = 'PARTICIPATING') as member_count
    from groups g left join users c on c.id = g.created_by`;
  const reportSelect = sql`
    select r.*, ${sql.raw(summaryColumns('ru', 'r_'))} from reports r left join users ru on ru.id = r.reporter_id`;
  const messageSelect = sql`
    select m.id, m.chat_id, m.text, m.created_at, m.removed_at, ${sql.raw(summaryColumns('s', 's_'))}
    from messages m left join users s on s.id = m.sender_id`;

  return {
    async audit(input: AuditInput, tx: DbOrTx = db) {
      await tx.insert(auditLog).values({ ...input, reason: input.reason ?? null, details: input.details ?? null });
    },

    async auditEntries(filter: { actorId?: string; targetId?: string }, page: Page) {
      return rows(sql`
        select l.*, ${sql.raw(summaryColumns('a', 'a_'))} from audit_log l left join users a on a.id = l.actor_id
        where (${filter.actorId ?? null}::uuid is null or l.actor_id = ${filter.actorId ?? null}::uuid)
          and (${filter.targetId ?? null}::text is null or l.target_id = ${filter.targetId ?? null}::text)
        order by l.created_at desc, l.id desc limit ${page.limit} offset ${offset(page)}`);
    },

    async user(userId: string, tx: DbOrTx = db) {
      const [row] = await rows(sql`${userSelect} where u.id = ${userId}`, tx);
      return row ?? null;
    },
    async userByEmail(email: string, tx: DbOrTx = db) {
      const [row] = await rows(sql`${userSelect} where u.email = ${email.trim().toLowerCase()}`, tx);
      return row ?? null;
    },
    async searchUsers(filter: { query?: string; role?: string; suspended?: boolean }, page: Page) {
      const like = likeAny(filter.query?.toLowerCase());
      return rows(sql`${userSelect}
        where u.deleted_at is null
          and (${like}::text is null or u.search_name like ${like} or lower(u.email) like ${like})
          and (${filter.role ?? null}::text is null or u.role = ${filter.role ?? null})
          and (${filter.suspended ?? null}::boolean is null
               or (u.suspended_until is not null and u.suspended_until > now()) = ${filter.suspended ?? null}::boolean)
        order by u.created_at desc, u.id desc limit ${page.limit} offset ${offset(page)}`);
    },
    async userCounts(userId: string) {
      const [row] = await rows(sql`select
        (select count(*)::int from activities where created_by = ${userId} and deleted_at is null) as activities_created,
        (select count(*)::int from activity_members where user_id = ${userId} and state = 'PARTICIPATING') as activities_joined,
        (select count(*)::int from group_members where user_id = ${userId} and state = 'PARTICIPATING') as groups,
        (select count(*)::int from messages where sender_id = ${userId} and kind = 'TEXT') as messages`);
      return {
        activitiesCreated: Number(row?.activities_created ?? 0),
        activitiesJoined: Number(row?.activities_joined ?? 0),
        groups: Number(row?.groups ?? 0),
        messages: Number(row?.messages ?? 0),
      };
    },
    /** The reports a person made, newest first. */
    async reportsBy(userId: string) {
      return rows(sql`${reportSelect} where r.reporter_id = ${userId} order by r.created_at desc limit 100`);
    },
    /** The live admins of an activity or group (creator first). */
    async adminsOf(kind: 'activity' | 'group', id: string) {
      const [table, column, owner] =
        kind === 'activity'
          ? ['activity_members', 'activity_id', 'activities']
          : ['group_members', 'group_id', 'groups'];
      return rows(sql`
        select ${sql.raw(summaryColumns('u', ''))} from ${sql.raw(table)} m join users u on u.id = m.user_id
        where m.${sql.raw(column)} = ${id} and m.is_admin and m.state = 'PARTICIPATING' and u.deleted_at is null
        order by u.id = (select o.created_by from ${sql.raw(owner)} o where o.id = ${id}) desc, m.joined_at, u.id`);
    },
    async setSuspension(userId: string, until: Date | null, reason: string | null, tx: DbOrTx = db) {
      await tx.execute(
        sql`update users set suspended_until = ${until}, suspension_reason = ${reason}, updated_at = now() where id = ${userId}`,
      );
    },
    async setRole(userId: string, role: string, tx: DbOrTx = db) {
      await tx.execute(sql`update users set role = ${role}, updated_at = now() where id = ${userId}`);
    },

    async activity(activityId: string, tx: DbOrTx = db) {
      const [row] = await rows(sql`${activitySelect} where a.id = ${activityId}`, tx);
      return row ?? null;
    },
    async searchActivities(query: string | undefined, page: Page) {
      const like = likeAny(query?.toLowerCase());
      return rows(sql`${activitySelect} where (${like}::text is null or lower(a.name) like ${like})
        order by a.created_at desc, a.id desc limit ${page.limit} offset ${offset(page)}`);
    },
    async group(groupId: string, tx: DbOrTx = db) {
      const [row] = await rows(sql`${groupSelect} where g.id = ${groupId}`, tx);
      return row ?? null;
    },
    async searchGroups(query: string | undefined, page: Page) {
      const like = likeAny(query?.toLowerCase());
      return rows(sql`${groupSelect} where (${like}::text is null or lower(g.name) like ${like})
        order by g.created_at desc, g.id desc limit ${page.limit} offset ${offset(page)}`);
    },
    /** Soft-deletes (at a time) or restores (null) an activity or group. */
    async setDeleted(kind: 'activity' | 'group', id: string, at: Date | null, tx: DbOrTx = db) {
      const table = sql.raw(kind === 'activity' ? 'activities' : 'groups');
      await tx.execute(sql`update ${table} set deleted_at = ${at}, updated_at = now() where id = ${id}`);
    },

    async message(messageId: string, tx: DbOrTx = db) {
      const [row] = await rows(sql`${messageSelect} where m.id = ${messageId} and m.kind = 'TEXT'`, tx);
      return row ?? null;
    },
    /** The text messages just before and after one, in chat order (ids are UUID v7). */
    async messagesAround(chatId: string, messageId: string, count: number) {
      const [before, after] = await Promise.all([
        rows(sql`${messageSelect} where m.chat_id = ${chatId} and m.kind = 'TEXT' and m.id < ${messageId}
          order by m.id desc limit ${count}`),
        rows(sql`${messageSelect} where m.chat_id = ${chatId} and m.kind = 'TEXT' and m.id > ${messageId}
          order by m.id limit ${count}`),
      ]);
      return { before: before.reverse(), after };
    },
    async removeMessage(messageId: string, at: Date, tx: DbOrTx = db) {
      await tx.execute(sql`update messages set removed_at = ${at} where id = ${messageId} and removed_at is null`);
    },

    /** Reported targets, the most open reports first (then the latest), a page at a time. */
    async reportedTargets(open: boolean, page: Page) {
      return rows(sql`
        select target_type, target_id, count(*) filter (where status = 'OPEN')::int as open_count,
          count(*)::int as report_count, max(created_at) as last_reported_at
        from reports group by target_type, target_id
        having (count(*) filter (where status = 'OPEN') > 0) = ${open}
        order by open_count desc, last_reported_at desc, target_id
        limit ${page.limit} offset ${offset(page)}`);
    },
    async reportsOn(targetType: TargetType, targetId: string, tx: DbOrTx = db) {
      return rows(
        sql`${reportSelect} where r.target_type = ${targetType} and r.target_id = ${targetId}
          order by r.status = 'OPEN' desc, r.created_at desc limit 100`,
        tx,
      );
    },
    /** Closes every open report on a target; the number closed. */
    async closeReports(
      target: { targetType: TargetType; targetId: string },
      close: { status: 'RESOLVED' | 'DISMISSED'; resolution: string; by: string; at: Date },
      tx: DbOrTx = db,
    ) {
      const closed = await rows(
        sql`update reports set status = ${close.status}, resolution = ${close.resolution},
          resolved_by = ${close.by}, resolved_at = ${close.at}
        where target_type = ${target.targetType} and target_id = ${target.targetId} and status = 'OPEN'
        returning id`,
        tx,
      );
      return closed.length;
    },

    async sports() {
      return rows(sql`select s.*,
        (select count(*)::int from user_sports us where us.sport_id = s.id) as user_count,
        (select count(*)::int from activities a where a.sport_id = s.id) as activity_count
        from sports s order by s.retired_at is not null, s.sort_order, s.id`);
    },

    async figures(from: string, to: string) {
      return rows(sql`
        with days as (select to_char(d, 'YYYY-MM-DD') as day from generate_series(${from}::date, ${to}::date, '1 day') d)
        select d.day,
          (select count(*)::int from users u where u.created_at >= d.day::date and u.created_at < d.day::date + 1) as sign_ups,
          (select count(*)::int from user_active_days x where x.day = d.day) as active_users,
          (select count(*)::int from activities a where a.created_at >= d.day::date and a.created_at < d.day::date + 1) as activities_created,
          (select count(*)::int from messages m where m.kind = 'TEXT' and m.created_at >= d.day::date and m.created_at < d.day::date + 1) as messages_sent
        from days d order by d.day`);
    },
    async openReportCount() {
      const [row] = await rows(sql`select count(*)::int as n from reports where status = 'OPEN'`);
      return Number(row?.n ?? 0);
    },

    async recordActiveDay(userId: string, day: string) {
      await db.execute(
        sql`insert into user_active_days (user_id, day) values (${userId}, ${day}) on conflict do nothing`,
      );
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
