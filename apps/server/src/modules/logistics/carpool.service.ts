import type { CarpoolOffer, LatLng, RideRequest } from '@cordata/contract';
import { haversineMetres } from '@cordata/geo';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { carpoolOffers, rideRequests, users } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Access } from '../access/access.ts';
import type { MembershipRepository } from '../membership/membership.repository.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import { toUserSummary, userSummaryColumns } from '../users/user-summary.ts';
import type { Participation } from './participation.ts';

/** About a kilometre: what others see of where a driver leaves from or a rider waits. */
export const approximate = (p: LatLng): LatLng => ({
  latitude: Math.round(p.latitude * 100) / 100,
  longitude: Math.round(p.longitude * 100) / 100,
});

/** The extra way a driver makes to pick a rider up on the straight line from their origin to the meeting point. */
export const detourMetres = (origin: LatLng, pickup: LatLng, meeting: LatLng) =>
  Math.max(0, haversineMetres(origin, pickup) + haversineMetres(pickup, meeting) - haversineMetres(origin, meeting));

type OfferRow = typeof carpoolOffers.$inferSelect;
type RequestRow = typeof rideRequests.$inferSelect;

/**
 * Carpools of an activity. Exact origins and pickups stay on the server: lists carry points rounded to about
 * a kilometre, and a pickup point goes to its rider and to the driver who accepted them, and to nobody before.
 */
export function createCarpoolService(deps: {
  db: Db;
  changes: Changes;
  access: Pick<Access, 'require'>;
  memberships: Pick<MembershipRepository, 'memberIds'>;
  participation: Participation;
  maxDetourMetres: number;
}) {
  const { db, participation } = deps;

  async function summaries(ids: string[], tx: DbOrTx) {
    if (!ids.length) return new Map<string, ReturnType<typeof toUserSummary>>();
    const rows = await tx
      .select(userSummaryColumns)
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.userId, toUserSummary(r)]));
  }

  async function load(activityId: string, tx: DbOrTx) {
    // Whoever left the activity takes their car and their request with them.
    const taking = new Set(await deps.memberships.memberIds('activity', activityId, { state: 'PARTICIPATING' }, tx));
    const offers = (await tx.select().from(carpoolOffers).where(eq(carpoolOffers.activityId, activityId))).filter((o) =>
      taking.has(o.driverId),
    );
    const requests = (await tx.select().from(rideRequests).where(eq(rideRequests.activityId, activityId))).filter((r) =>
      taking.has(r.riderId),
    );
    const people = await summaries([...offers.map((o) => o.driverId), ...requests.map((r) => r.riderId)], tx);
    return { offers, requests, people };
  }

  const taken = (offer: OfferRow, requests: RequestRow[]) =>
    requests.filter((r) => r.offerId === offer.id && r.status === 'ACCEPTED');

  function offerView(
    offer: OfferRow,
    requests: RequestRow[],
    people: Map<string, ReturnType<typeof toUserSummary>>,
    viewerId: string,
  ): CarpoolOffer {
    const riders = taken(offer, requests);
    return {
      offerId: offer.id,
      driver: people.get(offer.driverId)!,
      seats: offer.seats,
      seatsTaken: riders.length,
      area: approximate({ latitude: offer.originLatitude, longitude: offer.originLongitude }),
      costNote: offer.costNote,
      passengers: riders.map((r) => people.get(r.riderId)!).filter(Boolean),
      mine: offer.driverId === viewerId,
    };
  }

  function requestView(
    request: RequestRow,
    people: Map<string, ReturnType<typeof toUserSummary>>,
    viewerId: string,
    viewerOffer: OfferRow | undefined,
    meeting: LatLng,
  ): RideRequest {
    const pickup = { latitude: request.pickupLatitude, longitude: request.pickupLongitude };
    const acceptedByViewer = request.status === 'ACCEPTED' && !!viewerOffer && request.offerId === viewerOffer.id;
    const revealed = request.status === 'ACCEPTED' && (request.riderId === viewerId || acceptedByViewer);
    return {
      requestId: request.id,
      rider: people.get(request.riderId)!,
      status: request.status,
      offerId: request.offerId,
      area: approximate(pickup),
      pickup: revealed ? pickup : null,
      detourMetres: viewerOffer
        ? Math.round(
            detourMetres(
              { latitude: viewerOffer.originLatitude, longitude: viewerOffer.originLongitude },
              pickup,
              meeting,
            ),
          )
        : null,
      mine: request.riderId === viewerId,
    };
  }

  const meetingOf = (activity: { startLatitude: number; startLongitude: number }) => ({
    latitude: activity.startLatitude,
    longitude: activity.startLongitude,
  });

  /**
   * What the caller sees: every offer; their own request; as a driver, the pending requests open to any
   * driver or made to their offer, within the detour limit, nearest detour first, and the riders they took.
   */
  async function list(activityId: string, viewerId: string) {
    const { activity } = await deps.access.require('activity', activityId, viewerId, { as: 'participant' });
    const { offers, requests, people } = await load(activityId, db);
    const meeting = meetingOf(activity);
    const myOffer = offers.find((o) => o.driverId === viewerId);
    const visible = requests
      .map((r) => requestView(r, people, viewerId, myOffer, meeting))
      .filter((r) => {
        if (r.mine) return true;
        if (!myOffer) return false;
        if (r.status === 'ACCEPTED') return r.offerId === myOffer.id;
        if (r.status !== 'PENDING') return false;
        if (r.offerId && r.offerId !== myOffer.id) return false;
        // A request made to this driver is always shown; open ones only within the detour limit.
        return r.offerId === myOffer.id || (r.detourMetres ?? Infinity) <= deps.maxDetourMetres;
      })
      .sort((a, b) => Number(b.mine) - Number(a.mine) || (a.detourMetres ?? 0) - (b.detourMetres ?? 0));
    return {
      offers: offers.map((o) => offerView(o, requests, people, viewerId)),
      requests: visible,
      maxDetourMetres: deps.maxDetourMetres,
    };
  }

  async function announce(activityId: string) {
    const offers = await db.select().from(carpoolOffers).where(eq(carpoolOffers.activityId, activityId));
    const counts = await db
      .select({ offerId: rideRequests.offerId, n: sql<number>`count(*)::int` })
      .from(rideRequests)
      .where(and(eq(rideRequests.activityId, activityId), eq(rideRequests.status, 'ACCEPTED')))
      .groupBy(rideRequests.offerId);
    const byOffer = new Map(counts.map((c) => [c.offerId, c.n]));
    await participation.broadcast({
      activityId,
      kind: 'carpool',
      seats: offers.map((o) => ({ offerId: o.id, seats: o.seats, seatsTaken: byOffer.get(o.id) ?? 0 })),
    });
  }

  /** Runs a change on the activity's carpool with the activity row locked (seat counts never race), then tells everyone. */
  async function change<T>(
    activityId: string,
    userId: string,
    work: (tx: DbOrTx, fx: Effects, activity: { name: string }) => Promise<T>,
  ) {
    const result = await deps.changes.run(async (tx, fx) => {
      const { activity } = await deps.access.require('activity', activityId, userId, {
        as: 'participant',
        lock: true,
        tx,
      });
      return work(tx, fx, activity);
    });
    await announce(activityId);
    return result;
  }

  async function offerSeats(
    input: { activityId: string; seats: number; origin?: LatLng; costNote?: string },
    userId: string,
  ) {
    await change(input.activityId, userId, async (tx) => {
      const [existing] = await tx
        .select()
        .from(carpoolOffers)
        .where(and(eq(carpoolOffers.activityId, input.activityId), eq(carpoolOffers.driverId, userId)));
      const origin =
        input.origin ?? (existing ? { latitude: existing.originLatitude, longitude: existing.originLongitude } : null);
      if (!origin)
        throw new ApiError('VALIDATION_ERROR', { issues: [{ path: 'origin', message: '* Required field' }] });
      const values = {
        seats: input.seats,
        originLatitude: origin.latitude,
        originLongitude: origin.longitude,
        costNote: input.costNote || null,
      };
      if (existing) {
        const [{ n }] = (await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(rideRequests)
          .where(and(eq(rideRequests.offerId, existing.id), eq(rideRequests.status, 'ACCEPTED')))) as [{ n: number }];
        if (n > input.seats) throw new ApiError('SEATS_BELOW_TAKEN');
        await tx.update(carpoolOffers).set(values).where(eq(carpoolOffers.id, existing.id));
      } else {
        // A driver does not also ask for a ride.
        await tx
          .delete(rideRequests)
          .where(and(eq(rideRequests.activityId, input.activityId), eq(rideRequests.riderId, userId)));
        await tx.insert(carpoolOffers).values({ activityId: input.activityId, driverId: userId, ...values });
      }
    });
    const { offers } = await list(input.activityId, userId);
    return { offer: offers.find((o) => o.mine)! };
  }

  async function ownOffer(offerId: string, userId: string) {
    const [offer] = await db.select().from(carpoolOffers).where(eq(carpoolOffers.id, offerId));
    if (!offer || offer.driverId !== userId) throw new ApiError('OFFER_NOT_FOUND');
    return offer;
  }

  async function withdrawOffer(offerId: string, userId: string) {
    const offer = await ownOffer(offerId, userId);
    await change(offer.activityId, userId, async (tx) => {
      // Riders of this car are asking again, from any driver.
      await tx.update(rideRequests).set({ status: 'PENDING', offerId: null }).where(eq(rideRequests.offerId, offer.id));
      await tx.delete(carpoolOffers).where(eq(carpoolOffers.id, offer.id));
    });
    return { ok: true as const };
  }

  async function requestRide(input: { activityId: string; pickup: LatLng; offerId?: string }, userId: string) {
    await change(input.activityId, userId, async (tx, fx, activity) => {
      if (input.offerId) {
        const [offer] = await tx.select().from(carpoolOffers).where(eq(carpoolOffers.id, input.offerId));
        if (!offer || offer.activityId !== input.activityId) throw new ApiError('OFFER_NOT_FOUND');
        if (offer.driverId === userId) throw new ApiError('OWN_OFFER');
        // The driver asked directly hears of it (an open request waits for drivers to look).
        await fx.notify({
          userIds: [offer.driverId],
          type: 'CARPOOL_REQUEST',
          targetId: input.activityId,
          actorId: userId,
          targetName: activity.name,
        });
      }
      const [own] = await tx
        .select({ id: carpoolOffers.id })
        .from(carpoolOffers)
        .where(and(eq(carpoolOffers.activityId, input.activityId), eq(carpoolOffers.driverId, userId)));
      if (own) throw new ApiError('OWN_OFFER');
      const values = {
        status: 'PENDING' as const,
        offerId: input.offerId ?? null,
        pickupLatitude: input.pickup.latitude,
        pickupLongitude: input.pickup.longitude,
      };
      await tx
        .insert(rideRequests)
        .values({ activityId: input.activityId, riderId: userId, ...values })
        .onConflictDoUpdate({ target: [rideRequests.activityId, rideRequests.riderId], set: values });
    });
    const { requests } = await list(input.activityId, userId);
    return { request: requests.find((r) => r.mine)! };
  }

  async function findRequest(requestId: string) {
    const [request] = await db.select().from(rideRequests).where(eq(rideRequests.id, requestId));
    if (!request) throw new ApiError('RIDE_REQUEST_NOT_FOUND');
    return request;
  }

  async function cancelRequest(requestId: string, userId: string) {
    const request = await findRequest(requestId);
    if (request.riderId !== userId) throw new ApiError('RIDE_REQUEST_NOT_FOUND');
    await change(request.activityId, userId, (tx) => tx.delete(rideRequests).where(eq(rideRequests.id, request.id)));
    return { ok: true as const };
  }

  async function acceptRequest(input: { requestId: string; offerId: string }, userId: string) {
    const offer = await ownOffer(input.offerId, userId);
    await change(offer.activityId, userId, async (tx, fx) => {
      const [request] = await tx.select().from(rideRequests).where(eq(rideRequests.id, input.requestId));
      const { activity } = await deps.access.require('activity', offer.activityId, userId, { as: 'participant', tx });
      if (
        !request ||
        request.activityId !== offer.activityId ||
        request.status !== 'PENDING' ||
        (request.offerId && request.offerId !== offer.id)
      )
        throw new ApiError('RIDE_REQUEST_NOT_FOUND');
      const detour = detourMetres(
        { latitude: offer.originLatitude, longitude: offer.originLongitude },
        { latitude: request.pickupLatitude, longitude: request.pickupLongitude },
        meetingOf(activity),
      );
      // A rider who asked this car directly accepted the way; an open request must be on the way.
      if (!request.offerId && detour > deps.maxDetourMetres) throw new ApiError('DETOUR_TOO_LONG');
      const [{ n }] = (await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(rideRequests)
        .where(and(eq(rideRequests.offerId, offer.id), eq(rideRequests.status, 'ACCEPTED')))) as [{ n: number }];
      if (n >= offer.seats) throw new ApiError('NO_SEATS_LEFT');
      await tx
        .update(rideRequests)
        .set({ status: 'ACCEPTED', offerId: offer.id })
        .where(eq(rideRequests.id, request.id));
      await fx.notify({
        userIds: [request.riderId],
        type: 'CARPOOL_ACCEPTED',
        targetId: offer.activityId,
        actorId: userId,
        targetName: activity.name,
      });
    });
    const { requests } = await list(offer.activityId, userId);
    return { request: requests.find((r) => r.requestId === input.requestId)! };
  }

  async function declineRequest(requestId: string, userId: string) {
    const request = await findRequest(requestId);
    const [offer] = request.offerId
      ? await db.select().from(carpoolOffers).where(eq(carpoolOffers.id, request.offerId))
      : [];
    if (!offer || offer.driverId !== userId) throw new ApiError('RIDE_REQUEST_NOT_FOUND');
    // Declining someone already in the car frees the seat; either way the rider may ask others.
    await change(request.activityId, userId, (tx) =>
      tx.update(rideRequests).set({ status: 'DECLINED' }).where(eq(rideRequests.id, request.id)),
    );
    return { ok: true as const };
  }

  return { list, offerSeats, withdrawOffer, requestRide, cancelRequest, acceptRequest, declineRequest };
}

export type CarpoolService = ReturnType<typeof createCarpoolService>;
