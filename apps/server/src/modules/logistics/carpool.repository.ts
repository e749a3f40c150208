import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { carpoolOffers, rideRequests, userBlocks, users } from '../../db/schema.ts';
import { userSummaryColumns } from '../users/user-summary.ts';

export type OfferRow = typeof carpoolOffers.$inferSelect;
export type RequestRow = typeof rideRequests.$inferSelect;

/** What an offer's driver sets: seats, origin and cost note. */
type OfferValues = Pick<OfferRow, 'seats' | 'originLatitude' | 'originLongitude' | 'costNote'>;
/** What a rider's request sets. */
type RequestValues = Pick<RequestRow, 'status' | 'offerId' | 'pickupLatitude' | 'pickupLongitude'>;

/** Rows of people left out of their activity's carpool: not taking part in it (any more). */
export const notTakingPart = (table: string, column: string) =>
  sql.raw(`not exists (select 1 from activity_members m where m.activity_id = ${table}.activity_id
        and m.user_id = ${table}.${column} and m.state = 'PARTICIPATING')`);

/** The carpools of activities: drivers' offers and riders' requests (docs/logistics.md). */
export function createCarpoolRepository(db: Db) {
  /** Accepted requests of an offer. */
  async function acceptedCount(offerId: string, tx: DbOrTx = db) {
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rideRequests)
      .where(and(eq(rideRequests.offerId, offerId), eq(rideRequests.status, 'ACCEPTED')))) as [{ n: number }];
    return n;
  }

  return {
    db,

    /** The summaries' rows of people (toUserSummary's input). */
    people(ids: string[], tx: DbOrTx = db) {
      return tx
        .select(userSummaryColumns)
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
    },

    offersOf(activityId: string, tx: DbOrTx = db) {
      return tx.select().from(carpoolOffers).where(eq(carpoolOffers.activityId, activityId));
    },

    requestsOf(activityId: string, tx: DbOrTx = db) {
      return tx.select().from(rideRequests).where(eq(rideRequests.activityId, activityId));
    },

    /** The blocks `userId` made or is the target of. */
    blocksOf(userId: string, tx: DbOrTx = db) {
      return tx
        .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
        .from(userBlocks)
        .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
    },

    /** Accepted requests per offer of an activity. */
    acceptedCounts(activityId: string, tx: DbOrTx = db) {
      return tx
        .select({ offerId: rideRequests.offerId, n: sql<number>`count(*)::int` })
        .from(rideRequests)
        .where(and(eq(rideRequests.activityId, activityId), eq(rideRequests.status, 'ACCEPTED')))
        .groupBy(rideRequests.offerId);
    },

    acceptedCount,

    async offer(offerId: string, tx: DbOrTx = db) {
      const [offer] = await tx.select().from(carpoolOffers).where(eq(carpoolOffers.id, offerId));
      return offer ?? null;
    },

    /** A driver's offer on an activity. */
    async offerBy(activityId: string, driverId: string, tx: DbOrTx = db) {
      const [offer] = await tx
        .select()
        .from(carpoolOffers)
        .where(and(eq(carpoolOffers.activityId, activityId), eq(carpoolOffers.driverId, driverId)));
      return offer ?? null;
    },

    /** Whether the person offers seats on the activity. */
    async drives(activityId: string, driverId: string, tx: DbOrTx = db) {
      const [own] = await tx
        .select({ id: carpoolOffers.id })
        .from(carpoolOffers)
        .where(and(eq(carpoolOffers.activityId, activityId), eq(carpoolOffers.driverId, driverId)));
      return !!own;
    },

    async updateOffer(offerId: string, values: OfferValues, tx: DbOrTx = db) {
      await tx.update(carpoolOffers).set(values).where(eq(carpoolOffers.id, offerId));
    },

    async insertOffer(activityId: string, driverId: string, values: OfferValues, tx: DbOrTx = db) {
      await tx.insert(carpoolOffers).values({ activityId, driverId, ...values });
    },

    /** Withdraws an offer: its riders ask again, from any driver. */
    async deleteOffer(offerId: string, tx: DbOrTx = db) {
      await tx.update(rideRequests).set({ status: 'PENDING', offerId: null }).where(eq(rideRequests.offerId, offerId));
      await tx.delete(carpoolOffers).where(eq(carpoolOffers.id, offerId));
    },

    /** The riders of every request made to an offer, whatever its status. */
    async ridersAsking(offerId: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({ riderId: rideRequests.riderId })
        .from(rideRequests)
        .where(eq(rideRequests.offerId, offerId));
      return rows.map((row) => row.riderId);
    },

    async request(requestId: string, tx: DbOrTx = db) {
      const [request] = await tx.select().from(rideRequests).where(eq(rideRequests.id, requestId));
      return request ?? null;
    },

    /** A rider's request on an activity, made or replaced. */
    async putRequest(activityId: string, riderId: string, values: RequestValues, tx: DbOrTx = db) {
      await tx
        .insert(rideRequests)
        .values({ activityId, riderId, ...values })
        .onConflictDoUpdate({ target: [rideRequests.activityId, rideRequests.riderId], set: values });
    },

    async deleteRequest(requestId: string, tx: DbOrTx = db) {
      await tx.delete(rideRequests).where(eq(rideRequests.id, requestId));
    },

    async deleteRequestOf(activityId: string, riderId: string, tx: DbOrTx = db) {
      await tx
        .delete(rideRequests)
        .where(and(eq(rideRequests.activityId, activityId), eq(rideRequests.riderId, riderId)));
    },

    async setRequest(requestId: string, values: Partial<Pick<RequestRow, 'status' | 'offerId'>>, tx: DbOrTx = db) {
      await tx.update(rideRequests).set(values).where(eq(rideRequests.id, requestId));
    },

    /**
     * Carpools of activities that ended before `endedBefore` (or were deleted) go, and so do the car and request
     * of anyone who left their activity (the riders of such a car ask again). Plain statements, one by one.
     */
    async purge(endedBefore: string, tx: DbOrTx = db) {
      const ended = (table: string) =>
        sql`exists (select 1 from activities a where a.id = ${sql.raw(`${table}.activity_id`)}
        and (a.ends_at < ${endedBefore}::timestamptz or a.deleted_at is not null))`;
      await tx.execute(
        sql`delete from ride_requests where ${notTakingPart('ride_requests', 'rider_id')} or ${ended('ride_requests')}`,
      );
      await tx.execute(
        sql`update ride_requests set status = 'PENDING', offer_id = null where offer_id in (select id from carpool_offers
        where ${notTakingPart('carpool_offers', 'driver_id')})`,
      );
      await tx.execute(
        sql`delete from carpool_offers where ${notTakingPart('carpool_offers', 'driver_id')} or ${ended('carpool_offers')}`,
      );
    },

    /** A person's ride requests and car go; the riders of their car ask again. */
    async erase(userId: string, tx: DbOrTx = db) {
      await tx.delete(rideRequests).where(eq(rideRequests.riderId, userId));
      await tx
        .update(rideRequests)
        .set({ status: 'PENDING', offerId: null })
        .where(
          inArray(
            rideRequests.offerId,
            tx.select({ id: carpoolOffers.id }).from(carpoolOffers).where(eq(carpoolOffers.driverId, userId)),
          ),
        );
      await tx.delete(carpoolOffers).where(eq(carpoolOffers.driverId, userId));
    },
  };
}

export type CarpoolRepository = ReturnType<typeof createCarpoolRepository>;
