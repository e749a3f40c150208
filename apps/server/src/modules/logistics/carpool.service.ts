import type { CarpoolOffer, DetourBand, LatLng, RideRequest } from '@cordata/contract';
import { haversineMetres } from '@cordata/geo';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { activities } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Access } from '../access/access.ts';
import { measurableMeetingPoint } from '../activities/meeting-area.ts';
import type { MembershipRepository } from '../membership/membership.repository.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import { toUserSummary } from '../users/user-summary.ts';
import {
  type CarpoolRepository,
  createCarpoolRepository,
  type OfferRow,
  type RequestRow,
} from './carpool.repository.ts';
import type { Participation } from './participation.ts';

/** About a kilometre: what others see of where a driver leaves from or a rider waits. */
export const approximate = (p: LatLng): LatLng => ({
  latitude: Math.round(p.latitude * 100) / 100,
  longitude: Math.round(p.longitude * 100) / 100,
});

/** The extra way a driver makes to pick a rider up on the straight line from their origin to the meeting point. */
export const detourMetres = (origin: LatLng, pickup: LatLng, meeting: LatLng) =>
  Math.max(0, haversineMetres(origin, pickup) + haversineMetres(pickup, meeting) - haversineMetres(origin, meeting));

/** A detour as a driver is told it: coarse, so that no series of answers narrows down a point (review H-N1). */
export const detourBand = (metres: number): DetourBand =>
  metres < 1000 ? 'UNDER_1_KM' : metres <= 3000 ? 'FROM_1_TO_3_KM' : 'OVER_3_KM';

type ActivityRow = typeof activities.$inferSelect;

const originOf = (offer: OfferRow) => ({ latitude: offer.originLatitude, longitude: offer.originLongitude });
const pickupOf = (request: RequestRow) => ({ latitude: request.pickupLatitude, longitude: request.pickupLongitude });

/**
 * Carpools of an activity. Exact origins and pickups stay on the server: lists carry points rounded to about
 * a kilometre, and a pickup point goes to its rider and to the driver who accepted them, and to nobody before.
 * Nor does anything measured from such a point (review H-N1): a driver's detours, their ranking and the detour
 * limit are measured from what that driver may see (detourSeenBy), and told as a band. Two people of whom one
 * blocked the other do not see each other's cars and requests, and a ride asked of such a driver reaches nobody.
 */
export function createCarpoolService(deps: {
  db: Db;
  changes: Changes;
  access: Pick<Access, 'require'>;
  memberships: Pick<MembershipRepository, 'memberIds'>;
  participation: Participation;
  privacy: Pick<PrivacyTrim, 'zonesFor'>;
  maxDetourMetres: number;
  /** The carpools' SQL; made from `db` when not given. */
  repo?: CarpoolRepository;
}) {
  const { db, participation } = deps;
  const repo = deps.repo ?? createCarpoolRepository(db);

  async function summaries(ids: string[], tx: DbOrTx) {
    if (!ids.length) return new Map<string, ReturnType<typeof toUserSummary>>();
    const rows = await repo.people(ids, tx);
    return new Map(rows.map((r) => [r.userId, toUserSummary(r)]));
  }

  async function load(activityId: string, tx: DbOrTx) {
    // Whoever left the activity takes their car and their request with them.
    const taking = new Set(await deps.memberships.memberIds('activity', activityId, { state: 'PARTICIPATING' }, tx));
    const offers = (await repo.offersOf(activityId, tx)).filter((o) => taking.has(o.driverId));
    const requests = (await repo.requestsOf(activityId, tx)).filter((r) => taking.has(r.riderId));
    const people = await summaries([...offers.map((o) => o.driverId), ...requests.map((r) => r.riderId)], tx);
    return { offers, requests, people };
  }

  /** The people `userId` blocked or was blocked by: neither sees the other's car or request. */
  async function blockedWith(userId: string, tx: DbOrTx) {
    const rows = await repo.blocksOf(userId, tx);
    return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
  }

  /** The meeting point a driver's detours are measured to: the one they may see (meeting-area.ts), or none. */
  async function meetingSeenBy(activity: ActivityRow, viewerId: string, tx: DbOrTx = db) {
    const zones = await deps.privacy.zonesFor(viewerId, [activity.createdBy], tx);
    // access.require lets only the people taking part in.
    return measurableMeetingPoint({ ...activity, myState: 'PARTICIPATING' }, zones);
  }

  const taken = (offer: OfferRow, requests: RequestRow[]) =>
    requests.filter((r) => r.offerId === offer.id && r.status === 'ACCEPTED');

  /** A pickup point is the rider's, and the driver's who took them. */
  const pickupRevealed = (request: RequestRow, viewerId: string, viewerOffer: OfferRow | undefined) =>
    request.status === 'ACCEPTED' && (request.riderId === viewerId || request.offerId === viewerOffer?.id);

  /**
   * The detour of a request for the driver of `offer`, from the points that driver may see only: their own origin,
   * the pickup's rounded area (the exact point once they took the rider), and the meeting point they may see. Null
   * without an offer or a meeting point: a figure is then measured from nothing they may know.
   */
  function detourSeenBy(offer: OfferRow | undefined, request: RequestRow, meeting: LatLng | null) {
    if (!offer || !meeting) return null;
    const pickup = pickupRevealed(request, offer.driverId, offer) ? pickupOf(request) : approximate(pickupOf(request));
    return detourMetres(originOf(offer), pickup, meeting);
  }

  function offerView(
    offer: OfferRow,
    requests: RequestRow[],
    people: Map<string, ReturnType<typeof toUserSummary>>,
    viewerId: string,
    blocked: Set<string>,
  ): CarpoolOffer {
    const riders = taken(offer, requests);
    return {
      offerId: offer.id,
      driver: people.get(offer.driverId)!,
      seats: offer.seats,
      seatsTaken: riders.length,
      area: approximate(originOf(offer)),
      costNote: offer.costNote,
      passengers: riders
        .filter((r) => !blocked.has(r.riderId))
        .map((r) => people.get(r.riderId)!)
        .filter(Boolean),
      mine: offer.driverId === viewerId,
    };
  }

  function requestView(
    request: RequestRow,
    people: Map<string, ReturnType<typeof toUserSummary>>,
    viewerId: string,
    viewerOffer: OfferRow | undefined,
    detour: number | null,
  ): RideRequest {
    const pickup = pickupOf(request);
    return {
      requestId: request.id,
      rider: people.get(request.riderId)!,
      status: request.status,
      offerId: request.offerId,
      area: approximate(pickup),
      pickup: pickupRevealed(request, viewerId, viewerOffer) ? pickup : null,
      detour: detour === null ? null : detourBand(detour),
      mine: request.riderId === viewerId,
    };
  }

  /** Whether the driver of `offer` sees a request that is not theirs: pending to them or to anyone, or taken by them. */
  function forDriver(request: RequestRow, offer: OfferRow, detour: number | null) {
    if (request.status === 'ACCEPTED') return request.offerId === offer.id;
    if (request.status !== 'PENDING') return false;
    // A request made to this driver is always shown; open ones only within the detour limit, when it can be told.
    if (request.offerId) return request.offerId === offer.id;
    return detour === null || detour <= deps.maxDetourMetres;
  }

  /**
   * What the caller sees: the offers; their own request; as a driver, the pending requests open to any driver or
   * made to their offer, open ones within the detour limit, smallest detour first, and the riders they took. Nobody
   * sees the car or request of someone they blocked or who blocked them.
   */
  async function list(activityId: string, viewerId: string) {
    const { activity } = await deps.access.require('activity', activityId, viewerId, { as: 'participant' });
    const { offers, requests, people } = await load(activityId, db);
    const blocked = await blockedWith(viewerId, db);
    const myOffer = offers.find((o) => o.driverId === viewerId);
    const meeting = myOffer ? await meetingSeenBy(activity, viewerId) : null;
    const visible = requests
      .filter((r) => !blocked.has(r.riderId))
      .map((r) => ({ request: r, detour: r.riderId === viewerId ? null : detourSeenBy(myOffer, r, meeting) }))
      .filter(
        ({ request, detour }) => request.riderId === viewerId || (!!myOffer && forDriver(request, myOffer, detour)),
      )
      .sort((a, b) => (a.detour ?? 0) - (b.detour ?? 0))
      .map(({ request, detour }) => requestView(request, people, viewerId, myOffer, detour));
    return {
      offers: offers
        .filter((o) => !blocked.has(o.driverId))
        .map((o) => offerView(o, requests, people, viewerId, blocked)),
      requests: visible,
      maxDetourMetres: deps.maxDetourMetres,
    };
  }

  async function announce(activityId: string) {
    const offers = await repo.offersOf(activityId, db);
    const counts = await repo.acceptedCounts(activityId, db);
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
    work: (tx: DbOrTx, fx: Effects, activity: ActivityRow) => Promise<T>,
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
      const existing = await repo.offerBy(input.activityId, userId, tx);
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
        const moved = origin.latitude !== existing.originLatitude || origin.longitude !== existing.originLongitude;
        // Detours from several origins to the same request would narrow down its pickup (review H-N1).
        if (moved && (await targeted(existing.id, userId, tx))) throw new ApiError('OFFER_ORIGIN_FROZEN');
        if ((await repo.acceptedCount(existing.id, tx)) > input.seats) throw new ApiError('SEATS_BELOW_TAKEN');
        await repo.updateOffer(existing.id, values, tx);
      } else {
        // A driver does not also ask for a ride.
        await repo.deleteRequestOf(input.activityId, userId, tx);
        await repo.insertOffer(input.activityId, userId, values, tx);
      }
    });
    const { offers } = await list(input.activityId, userId);
    return { offer: offers.find((o) => o.mine)! };
  }

  /**
   * Whether any request, pending, taken or declined, was made to the offer, by someone other than a person the driver
   * blocked or was blocked by (such a request reaches nobody, and must not tie the driver's hands either).
   */
  async function targeted(offerId: string, driverId: string, tx: DbOrTx) {
    const blocked = await blockedWith(driverId, tx);
    const riders = await repo.ridersAsking(offerId, tx);
    return riders.some((riderId) => !blocked.has(riderId));
  }

  async function ownOffer(offerId: string, userId: string) {
    const offer = await repo.offer(offerId, db);
    if (!offer || offer.driverId !== userId) throw new ApiError('OFFER_NOT_FOUND');
    return offer;
  }

  async function withdrawOffer(offerId: string, userId: string) {
    const offer = await ownOffer(offerId, userId);
    await change(offer.activityId, userId, async (tx) => {
      // Riders of this car are asking again, from any driver.
      await repo.deleteOffer(offer.id, tx);
    });
    return { ok: true as const };
  }

  async function requestRide(input: { activityId: string; pickup: LatLng; offerId?: string }, userId: string) {
    await change(input.activityId, userId, async (tx, fx, activity) => {
      if (input.offerId) {
        const offer = await repo.offer(input.offerId, tx);
        if (!offer || offer.activityId !== input.activityId) throw new ApiError('OFFER_NOT_FOUND');
        if (offer.driverId === userId) throw new ApiError('OWN_OFFER');
        // The driver asked directly hears of it (an open request waits for drivers to look). Between blocked people
        // the request is filed and reaches nobody, as a join is: the notifier skips them, and the list hides it.
        await fx.notify({
          userIds: [offer.driverId],
          type: 'CARPOOL_REQUEST',
          targetId: input.activityId,
          actorId: userId,
          targetName: activity.name,
        });
      }
      if (await repo.drives(input.activityId, userId, tx)) throw new ApiError('OWN_OFFER');
      const values = {
        status: 'PENDING' as const,
        offerId: input.offerId ?? null,
        pickupLatitude: input.pickup.latitude,
        pickupLongitude: input.pickup.longitude,
      };
      await repo.putRequest(input.activityId, userId, values, tx);
    });
    const { requests } = await list(input.activityId, userId);
    return { request: requests.find((r) => r.mine)! };
  }

  async function findRequest(requestId: string) {
    const request = await repo.request(requestId, db);
    if (!request) throw new ApiError('RIDE_REQUEST_NOT_FOUND');
    return request;
  }

  async function cancelRequest(requestId: string, userId: string) {
    const request = await findRequest(requestId);
    if (request.riderId !== userId) throw new ApiError('RIDE_REQUEST_NOT_FOUND');
    await change(request.activityId, userId, (tx) => repo.deleteRequest(request.id, tx));
    return { ok: true as const };
  }

  async function acceptRequest(input: { requestId: string; offerId: string }, userId: string) {
    const offer = await ownOffer(input.offerId, userId);
    await change(offer.activityId, userId, async (tx, fx, activity) => {
      const request = await repo.request(input.requestId, tx);
      if (
        !request ||
        request.activityId !== offer.activityId ||
        request.status !== 'PENDING' ||
        (request.offerId && request.offerId !== offer.id) ||
        (await blockedWith(userId, tx)).has(request.riderId)
      )
        throw new ApiError('RIDE_REQUEST_NOT_FOUND');
      // A rider who asked this car directly accepted the way; an open request must be on the way, as the driver's
      // list measures it (from what they may see: the refusal would otherwise tell of the hidden points).
      const detour = detourSeenBy(offer, request, await meetingSeenBy(activity, userId, tx));
      if (!request.offerId && detour !== null && detour > deps.maxDetourMetres) throw new ApiError('DETOUR_TOO_LONG');
      if ((await repo.acceptedCount(offer.id, tx)) >= offer.seats) throw new ApiError('NO_SEATS_LEFT');
      await repo.setRequest(request.id, { status: 'ACCEPTED', offerId: offer.id }, tx);
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
    const offer = request.offerId ? await repo.offer(request.offerId, db) : null;
    if (!offer || offer.driverId !== userId) throw new ApiError('RIDE_REQUEST_NOT_FOUND');
    // Declining someone already in the car frees the seat; either way the rider may ask others.
    await change(request.activityId, userId, (tx) => repo.setRequest(request.id, { status: 'DECLINED' }, tx));
    return { ok: true as const };
  }

  return { list, offerSeats, withdrawOffer, requestRide, cancelRequest, acceptRequest, declineRequest };
}

export type CarpoolService = ReturnType<typeof createCarpoolService>;
