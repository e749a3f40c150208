import { callNames, type LatLng, MEETING_AREA_RADIUS_METRES } from '@cordata/contract';
import { haversineMetres } from '@cordata/geo';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { notifications } from '../../db/schema.ts';
import { PER_PERSON_LIMITS } from '../../http/routes.ts';
import { detourMetres } from './carpool.service.ts';

/** Security review H-N1 (detours as a distance oracle) and the carpool part of M-N3 (blocks), with real budgets. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'true' });
});
afterAll(() => t?.close());

type User = Awaited<ReturnType<typeof newUser>>;

async function joined(activityId: string) {
  const person = await newUser(t);
  await t.ok('activity/participate', { activityId }, person.token);
  return person;
}

/** Anna's home: her privacy zone is around it, and her open activity starts there. */
const HOME = { latitude: 45.47, longitude: 9.18 };
/** Carla's door, her pickup point. */
const CARLA = { latitude: 45.4642, longitude: 9.19 };
const EVIL_ORIGINS = [
  { latitude: 45.48, longitude: 9.2 },
  { latitude: 45.45, longitude: 9.17 },
  { latitude: 45.43, longitude: 9.19 },
  { latitude: 45.46, longitude: 9.22 },
];
const BOBBY_PICKUPS = [
  { latitude: 45.46, longitude: 9.17 },
  { latitude: 45.48, longitude: 9.2 },
  { latitude: 45.45, longitude: 9.19 },
  { latitude: 45.49, longitude: 9.16 },
  { latitude: 45.47, longitude: 9.21 },
];

/** A reading as the attacker takes it: a number of metres when the answer gives one. */
const metresIn = (request: object) => {
  const value = (request as { detourMetres?: unknown }).detourMetres;
  return typeof value === 'number' ? value : null;
};

/**
 * The attacker's least-squares fit (Gauss–Newton, numeric Jacobian): the point u that best explains readings
 * `detour(u) = reading`. Null when there are fewer than three numeric readings to fit.
 */
function fit(readings: { detour: (u: LatLng) => number; metres: number | null }[], from: LatLng): LatLng | null {
  const usable = readings.filter((r): r is { detour: (u: LatLng) => number; metres: number } => r.metres !== null);
  if (usable.length < 3) return null;
  let u = from;
  const h = 1e-6;
  for (let iteration = 0; iteration < 100; iteration++) {
    let [a, b, c, gx, gy] = [0, 0, 0, 0, 0];
    for (const r of usable) {
      const residual = r.detour(u) - r.metres;
      const dx = (r.detour({ ...u, latitude: u.latitude + h }) - r.detour(u)) / h;
      const dy = (r.detour({ ...u, longitude: u.longitude + h }) - r.detour(u)) / h;
      [a, b, c, gx, gy] = [a + dx * dx, b + dx * dy, c + dy * dy, gx + dx * residual, gy + dy * residual];
    }
    const det = a * c - b * b;
    if (Math.abs(det) < 1e-12) break;
    u = { latitude: u.latitude - (c * gx - b * gy) / det, longitude: u.longitude - (a * gy - b * gx) / det };
  }
  return u;
}

/** How far a fit lands from the truth; no fit at all is as good as infinitely far. */
const errorOf = (guess: LatLng | null, truth: LatLng) => (guess ? haversineMetres(guess, truth) : Infinity);

describe('carpool detours (review H-N1)', () => {
  it('no longer let a driver place a pickup or a meeting point hidden by a privacy zone (the trilateration attack)', async () => {
    const anna = await newUser(t);
    await t.ok('privacy/add-zone', { ...HOME, radiusMetres: 500 }, anna.token);
    const activity = await newActivity(t, anna, {
      route: {
        mode: 'POINTS',
        start: HOME,
        destination: { latitude: 45.5, longitude: 9.23 },
        routeSteps: [],
      },
    });
    const activityId = activity.activityId;
    const [carla, evil, bobby] = [await joined(activityId), await joined(activityId), await joined(activityId)];
    // The start is hidden from everyone but Anna.
    const { activity: seenByEvil } = await t.ok('activity/read-info', { activityId }, evil.token);
    expect(seenByEvil.start).toBeNull();

    await t.ok('carpool/request-ride', { activityId, pickup: CARLA }, carla.token);
    // Step 2: Evil's four origins, and what each tells of Carla's request.
    const carlaReadings: { origin: LatLng; request: object }[] = [];
    let offerId = '';
    for (const origin of EVIL_ORIGINS) {
      ({
        offer: { offerId },
      } = await t.ok('carpool/offer-seats', { activityId, seats: 3, origin }, evil.token));
      const { requests } = await t.ok('carpool/list', { activityId }, evil.token);
      carlaReadings.push({ origin, request: requests.find((r) => r.rider.userId === carla.id)! });
    }
    // Step 3: Bobby's five pickups asked of Evil's car.
    const origin = EVIL_ORIGINS.at(-1)!;
    const bobbyReadings: { pickup: LatLng; request: object }[] = [];
    for (const pickup of BOBBY_PICKUPS) {
      await t.ok('carpool/request-ride', { activityId, pickup, offerId }, bobby.token);
      const { requests } = await t.ok('carpool/list', { activityId }, evil.token);
      bobbyReadings.push({ pickup, request: requests.find((r) => r.rider.userId === bobby.id)! });
    }

    const meeting = fit(
      bobbyReadings.map((r) => ({ detour: (m) => detourMetres(origin, r.pickup, m), metres: metresIn(r.request) })),
      BOBBY_PICKUPS[0]!,
    );
    expect(errorOf(meeting, HOME)).toBeGreaterThan(MEETING_AREA_RADIUS_METRES);
    // Step 4, with the best the attacker has of the meeting point (the fit, or Carla's area without one).
    const carlaArea = { latitude: 45.46, longitude: 9.19 };
    const pickup = fit(
      carlaReadings.map((r) => ({
        detour: (c) => detourMetres(r.origin, c, meeting ?? carlaArea),
        metres: metresIn(r.request),
      })),
      carlaArea,
    );
    expect(errorOf(pickup, CARLA)).toBeGreaterThan(MEETING_AREA_RADIUS_METRES);
    // No figure at all: the start Evil may not see is not measured to, and no number is given anywhere.
    for (const { request } of [...carlaReadings, ...bobbyReadings]) {
      expect(request).toMatchObject({ detour: null, pickup: null });
      expect(request).not.toHaveProperty('detourMetres');
    }

    // Anna's own zones do not hide her start from her: as a driver she is told her detours (from Carla's area).
    await t.ok('carpool/offer-seats', { activityId, seats: 2, origin: EVIL_ORIGINS[0] }, anna.token);
    const annaView = await t.ok('carpool/list', { activityId }, anna.token);
    expect(annaView.requests.find((r) => r.rider.userId === carla.id)?.detour).toBe('FROM_1_TO_3_KM');
  });

  it('tell a driver the same band whatever the exact pickup inside its public area', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser);
    const activityId = activity.activityId;
    const [driver, rider] = [await joined(activityId), await joined(activityId)];
    await t.ok(
      'carpool/offer-seats',
      { activityId, seats: 2, origin: { latitude: 45.51, longitude: 9.25 } },
      driver.token,
    );
    // Two pickups in the same 0.01° area, about 600 m apart.
    await t.ok('carpool/request-ride', { activityId, pickup: { latitude: 45.4951, longitude: 9.2049 } }, rider.token);
    const first = await t.ok('carpool/list', { activityId }, driver.token);
    await t.ok('carpool/request-ride', { activityId, pickup: { latitude: 45.4999, longitude: 9.1951 } }, rider.token);
    const second = await t.ok('carpool/list', { activityId }, driver.token);
    expect(second).toEqual(first);
    expect(first.requests[0]).toMatchObject({ area: { latitude: 45.5, longitude: 9.2 }, detour: 'FROM_1_TO_3_KM' });
  });
});

describe("a driver's origin", () => {
  it('is frozen once a request was made to the offer; seats still change, and withdrawing starts again', async () => {
    const organiser = await newUser(t);
    const activityId = (await newActivity(t, organiser)).activityId;
    const [driver, rider] = [await joined(activityId), await joined(activityId)];
    const [here, there] = [
      { latitude: 45.51, longitude: 9.25 },
      { latitude: 45.52, longitude: 9.26 },
    ];
    const { offer } = await t.ok('carpool/offer-seats', { activityId, seats: 2, origin: here }, driver.token);
    // Nobody asked yet: the driver may correct where they leave from.
    await t.ok('carpool/offer-seats', { activityId, seats: 2, origin: there }, driver.token);
    const { request } = await t.ok(
      'carpool/request-ride',
      { activityId, pickup: { latitude: 45.5, longitude: 9.2 }, offerId: offer.offerId },
      rider.token,
    );
    const moved = await t.call('carpool/offer-seats', { activityId, seats: 2, origin: here }, driver.token);
    expect([moved.status, moved.body.error?.code]).toEqual([409, 'OFFER_ORIGIN_FROZEN']);
    expect(moved.body.error?.message).toMatch(/can no longer change/);
    // The same origin, or none, with other seats is fine.
    await t.ok('carpool/offer-seats', { activityId, seats: 3, origin: there }, driver.token);
    await t.ok('carpool/offer-seats', { activityId, seats: 4 }, driver.token);
    // Declining the request does not unfreeze it.
    await t.ok('carpool/decline-request', { requestId: request.requestId }, driver.token);
    expect((await t.call('carpool/offer-seats', { activityId, seats: 2, origin: here }, driver.token)).status).toBe(
      409,
    );
    // A new offer is a new start.
    await t.ok('carpool/withdraw-offer', { offerId: offer.offerId }, driver.token);
    await t.ok('carpool/offer-seats', { activityId, seats: 2, origin: here }, driver.token);
  });
});

describe('carpool budgets', () => {
  it('every carpool call has a per-person budget, and a driver moving their origin in a loop is stopped', async () => {
    const carpoolCalls = callNames.filter((name) => name.startsWith('carpool/'));
    expect(carpoolCalls.length).toBeGreaterThan(0);
    for (const name of carpoolCalls) expect(PER_PERSON_LIMITS[name]).toBeDefined();

    const organiser = await newUser(t);
    const activityId = (await newActivity(t, organiser)).activityId;
    const driver = await joined(activityId);
    const { limit } = PER_PERSON_LIMITS['carpool/offer-seats']!;
    for (let i = 0; i < limit; i++) {
      const origin = { latitude: 45.5 + i / 1000, longitude: 9.2 };
      expect((await t.call('carpool/offer-seats', { activityId, seats: 2, origin }, driver.token)).status).toBe(200);
    }
    const stopped = await t.call(
      'carpool/offer-seats',
      { activityId, seats: 2, origin: { latitude: 45.4, longitude: 9.2 } },
      driver.token,
    );
    expect([stopped.status, stopped.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    // Someone else's carpool goes on.
    const other = await joined(activityId);
    expect((await t.call('carpool/list', { activityId }, other.token)).status).toBe(200);
  });
});

describe('carpools between blocked people (review M-N3)', () => {
  async function blockedPair(blocker: 'driver' | 'rider') {
    const organiser = await newUser(t);
    const activityId = (await newActivity(t, organiser)).activityId;
    const [driver, rider, other] = [await joined(activityId), await joined(activityId), await joined(activityId)];
    const [who, whom]: [User, User] = blocker === 'driver' ? [driver, rider] : [rider, driver];
    await t.ok('user/block', { userId: whom.id }, who.token);
    const { offer } = await t.ok(
      'carpool/offer-seats',
      { activityId, seats: 3, origin: { latitude: 45.51, longitude: 9.25 } },
      driver.token,
    );
    return { activityId, driver, rider, other, offer };
  }

  it.each(['driver', 'rider'] as const)(
    'a ride asked of a blocked pair reaches nobody and is refused silently (%s blocked)',
    async (blocker) => {
      const { activityId, driver, rider, offer } = await blockedPair(blocker);
      const pickup = { latitude: 45.5, longitude: 9.2 };
      // Answered as filed: the rider is not told.
      const { request } = await t.ok(
        'carpool/request-ride',
        { activityId, pickup, offerId: offer.offerId },
        rider.token,
      );
      expect(request).toMatchObject({ status: 'PENDING', offerId: offer.offerId, mine: true });
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, driver.id), eq(notifications.type, 'CARPOOL_REQUEST')));
      expect(told).toEqual([]);
      const driverView = await t.ok('carpool/list', { activityId }, driver.token);
      expect(driverView.requests).toEqual([]);
      const accepted = await t.call(
        'carpool/accept-request',
        { requestId: request.requestId, offerId: offer.offerId },
        driver.token,
      );
      expect([accepted.status, accepted.body.error?.code]).toEqual([404, 'RIDE_REQUEST_NOT_FOUND']);
      // Neither sees the other's car.
      const riderView = await t.ok('carpool/list', { activityId }, rider.token);
      expect(riderView.offers.map((o) => o.driver.userId)).not.toContain(driver.id);
      // Nor does the request tie the driver's hands: their origin may still move.
      const origin = { latitude: 45.52, longitude: 9.26 };
      await t.ok('carpool/offer-seats', { activityId, seats: 3, origin }, driver.token);
    },
  );

  it("an open request is not shown to a blocked driver, nor a blocked passenger in someone's car", async () => {
    const { activityId, driver, rider, other, offer } = await blockedPair('rider');
    await t.ok('carpool/request-ride', { activityId, pickup: { latitude: 45.5, longitude: 9.2 } }, rider.token);
    expect((await t.ok('carpool/list', { activityId }, driver.token)).requests).toEqual([]);
    // Someone else still sees and takes the open request, and the driver does not see that rider in that car.
    const { offer: otherOffer } = await t.ok(
      'carpool/offer-seats',
      { activityId, seats: 1, origin: { latitude: 45.51, longitude: 9.24 } },
      other.token,
    );
    const [open] = (await t.ok('carpool/list', { activityId }, other.token)).requests;
    await t.ok('carpool/accept-request', { requestId: open!.requestId, offerId: otherOffer.offerId }, other.token);
    const driverView = await t.ok('carpool/list', { activityId }, driver.token);
    const car = driverView.offers.find((o) => o.offerId === otherOffer.offerId)!;
    expect(car).toMatchObject({ seatsTaken: 1, passengers: [] });
    expect(driverView.offers.map((o) => o.offerId)).toContain(offer.offerId);
  });
});
