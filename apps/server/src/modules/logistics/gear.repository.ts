import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { gearItems, users } from '../../db/schema.ts';
import { userSummaryColumns } from '../users/user-summary.ts';
import { notTakingPart } from './carpool.repository.ts';

export type ItemRow = typeof gearItems.$inferSelect;

/** An activity starting soon whose required group items nobody claimed, with its organisers. */
export interface DueGearReminder {
  activityId: string;
  name: string;
  admins: string[];
  items: string[];
}

/** Gear of activities: group items someone claims and each person's private checklist (docs/logistics.md). */
export function createGearRepository(db: Db) {
  return {
    db,

    /** The summaries' rows of people (toUserSummary's input). */
    people(ids: string[], tx: DbOrTx = db) {
      return tx.select(userSummaryColumns).from(users).where(inArray(users.id, ids));
    },

    /** The activity's group items and the viewer's own checklist, oldest first. */
    itemsFor(activityId: string, viewerId: string, tx: DbOrTx = db) {
      return tx
        .select()
        .from(gearItems)
        .where(
          and(
            eq(gearItems.activityId, activityId),
            sql`(${gearItems.personalFor} is null or ${gearItems.personalFor} = ${viewerId})`,
          ),
        )
        .orderBy(asc(gearItems.createdAt), asc(gearItems.id));
    },

    /** Whether the list (the group's, or a person's checklist) holds the template item, or an item of that name. */
    async hasItem(
      item: { activityId: string; personalFor: string | null; templateKey?: string; name: string },
      tx: DbOrTx = db,
    ) {
      const [dup] = await tx
        .select({ id: gearItems.id })
        .from(gearItems)
        .where(
          and(
            eq(gearItems.activityId, item.activityId),
            item.personalFor ? eq(gearItems.personalFor, item.personalFor) : isNull(gearItems.personalFor),
            item.templateKey
              ? eq(gearItems.templateKey, item.templateKey)
              : sql`lower(${gearItems.name}) = lower(${item.name})`,
          ),
        );
      return !!dup;
    },

    async insert(values: typeof gearItems.$inferInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(gearItems).values(values).returning();
      return row!;
    },

    async item(itemId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(gearItems).where(eq(gearItems.id, itemId));
      return row ?? null;
    },

    /** The person claims the item unless someone else did; null then. One statement: two claims never both win. */
    async claim(itemId: string, userId: string, tx: DbOrTx = db) {
      const [updated] = await tx
        .update(gearItems)
        .set({ claimedBy: userId })
        .where(
          and(eq(gearItems.id, itemId), sql`(${gearItems.claimedBy} is null or ${gearItems.claimedBy} = ${userId})`),
        )
        .returning();
      return updated ?? null;
    },

    /** The item is free again, when the person claimed it or `asAdmin`; null otherwise. */
    async unclaim(itemId: string, userId: string, asAdmin: boolean, tx: DbOrTx = db) {
      const [updated] = await tx
        .update(gearItems)
        .set({ claimedBy: null })
        .where(and(eq(gearItems.id, itemId), sql`(${gearItems.claimedBy} = ${userId} or ${asAdmin})`))
        .returning();
      return updated ?? null;
    },

    async check(itemId: string, checked: boolean, tx: DbOrTx = db) {
      const [updated] = await tx.update(gearItems).set({ checked }).where(eq(gearItems.id, itemId)).returning();
      return updated!;
    },

    async remove(itemId: string, tx: DbOrTx = db) {
      await tx.delete(gearItems).where(eq(gearItems.id, itemId));
    },

    /**
     * Claims the reminders due: activities starting after `now` up to `until` with a required group item nobody
     * claimed, 200 at most, each once ever (its `gear_reminders` row is inserted here, in the caller's transaction).
     */
    dueReminders(now: Date, until: Date, tx: DbOrTx = db) {
      return queryRows<DueGearReminder>(
        tx,
        sql`with due as (
              insert into gear_reminders (activity_id)
              select a.id from activities a
              where a.deleted_at is null and a.starts_at > ${now.toISOString()}::timestamptz
                and a.starts_at <= ${until.toISOString()}::timestamptz
                and exists (select 1 from gear_items g where g.activity_id = a.id and g.required
                  and g.personal_for is null and g.claimed_by is null)
              order by a.starts_at
              limit 200
              on conflict (activity_id) do nothing
              returning activity_id)
            select a.id as "activityId", a.name,
              array(select m.user_id from activity_members m where m.activity_id = a.id
                and m.state = 'PARTICIPATING' and m.is_admin)::text[] as admins,
              array(select g.name from gear_items g where g.activity_id = a.id and g.required
                and g.personal_for is null and g.claimed_by is null order by g.created_at)::text[] as items
            from due join activities a on a.id = due.activity_id`,
      );
    },

    /** The private checklists of people who no longer take part go. */
    async purge(tx: DbOrTx = db) {
      await tx.execute(
        sql`delete from gear_items where personal_for is not null and ${notTakingPart('gear_items', 'personal_for')}`,
      );
    },

    /** A person's checklists go; what they said they would bring is free again. */
    async erase(userId: string, tx: DbOrTx = db) {
      await tx.delete(gearItems).where(eq(gearItems.personalFor, userId));
      await tx.update(gearItems).set({ claimedBy: null }).where(eq(gearItems.claimedBy, userId));
    },
  };
}

export type GearRepository = ReturnType<typeof createGearRepository>;
