import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser, reauthenticate } from '../../../test/factories.ts';
import { carpoolOffers, gearItems, notifications, rideRequests } from '../../db/schema.ts';

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t?.close());

async function joined(activityId: string) {
  const person = await newUser(t);
  await t.ok('activity/participate', { activityId }, person.token);
  return person;
}

/** An open activity at the Duomo in Milan with a driver 9.5 km north and three riders. */
async function carpoolWorld() {
  const organiser = await newUser(t);
  const activity = await newActivity(t, organiser);
  const [driver, onTheWay, farAway, slightDetour, outsider] = [
    await joined(activity.activityId),
    await joined(activity.activityId),
    await joined(activity.activityId),
    await joined(activity.activityId),
    await newUser(t),
  ];
  return { organiser, activity, driver, onTheWay, farAway, slightDetour, outsider };
}

/** Exact pickup points, with enough decimals that a leak shows in any response text. */
const PICKUP_ON_THE_WAY = { latitude: 45.512_345_6, longitude: 9.190_123_4 };
const PICKUP_FAR = { latitude: 45.514_567_8, longitude: 9.301_234_5 };
const PICKUP_SLIGHT = { latitude: 45.531_111_1, longitude: 9.201_222_2 };
const ORIGIN = { latitude: 45.550_987_6, longitude: 9.190_765_4 };
const EXACT = [PICKUP_ON_THE_WAY, PICKUP_FAR, PICKUP_SLIGHT, ORIGIN].flatMap((p) => [
  String(p.latitude),
  String(p.longitude),
]);

describe('carpools', () => {
  it('ranks requests by detour, keeps exact points on the server until the driver accepts, and counts seats', async () => {
    const w = await carpoolWorld();
    const activityId = w.activity.activityId;
    const responses: string[] = [];
    const record = async <T>(res: Promise<T>) => {
      const body = await res;
      responses.push(JSON.stringify(body));
      return body;
    };

    const { offer } = await record(
      t.ok('carpool/offer-seats', { activityId, seats: 2, origin: ORIGIN, costNote: '5 € for fuel' }, w.driver.token),
    );
    expect(offer).toMatchObject({ seats: 2, seatsTaken: 0, costNote: '5 € for fuel', mine: true });
    expect(offer.area).toEqual({ latitude: 45.55, longitude: 9.19 });

    await record(t.ok('carpool/request-ride', { activityId, pickup: PICKUP_FAR }, w.farAway.token));
    await record(t.ok('carpool/request-ride', { activityId, pickup: PICKUP_SLIGHT }, w.slightDetour.token));
    const mine = await record(
      t.ok('carpool/request-ride', { activityId, pickup: PICKUP_ON_THE_WAY, offerId: offer.offerId }, w.onTheWay.token),
    );
    expect(mine.request).toMatchObject({ status: 'PENDING', pickup: null, mine: true });

    // The driver sees the requests within 3 km of detour, the smallest first; the far one not at all.
    const driverView = await record(t.ok('carpool/list', { activityId }, w.driver.token));
    expect(driverView.maxDetourMetres).toBe(3000);
    expect(driverView.requests.map((r) => r.rider.userId)).toEqual([w.onTheWay.id, w.slightDetour.id]);
    expect(driverView.requests.map((r) => r.detour)).toEqual(['UNDER_1_KM', 'UNDER_1_KM']);
    expect(driverView.requests.every((r) => r.pickup === null)).toBe(true);

    // Other participants see the offers and only their own request.
    const riderView = await record(t.ok('carpool/list', { activityId }, w.farAway.token));
    expect(riderView.requests.map((r) => r.rider.userId)).toEqual([w.farAway.id]);
    await record(t.ok('carpool/list', { activityId }, w.organiser.token));

    // Not one exact coordinate left the server before an acceptance.
    for (const text of responses) for (const exact of EXACT) expect(text).not.toContain(exact);

    const tooFar = driverView.requests.length;
    expect(tooFar).toBe(2);
    const farRequest = riderView.requests[0]!;
    const refused = await t.call(
      'carpool/accept-request',
      { requestId: farRequest.requestId, offerId: offer.offerId },
      w.driver.token,
    );
    expect(refused.body.error?.code).toBe('DETOUR_TOO_LONG');

    // Accepting reveals the pickup point to the driver and the rider, to nobody else, and takes a seat.
    const accepted = await t.ok(
      'carpool/accept-request',
      { requestId: mine.request.requestId, offerId: offer.offerId },
      w.driver.token,
    );
    expect(accepted.request).toMatchObject({ status: 'ACCEPTED', pickup: PICKUP_ON_THE_WAY });
    // The driver heard of the request made to their car, the rider of the acceptance; neither carries a point.
    const told = await t.db.select().from(notifications).where(eq(notifications.targetId, activityId));
    expect(
      told.map((n) => [n.type, n.userId, n.actorId]).filter(([type]) => String(type).startsWith('CARPOOL')),
    ).toEqual(
      expect.arrayContaining([
        ['CARPOOL_REQUEST', w.driver.id, w.onTheWay.id],
        ['CARPOOL_ACCEPTED', w.onTheWay.id, w.driver.id],
      ]),
    );
    expect(told.filter((n) => n.type.startsWith('CARPOOL')).every((n) => n.reason === null)).toBe(true);
    const riderAfter = await t.ok('carpool/list', { activityId }, w.onTheWay.token);
    expect(riderAfter.requests[0]!.pickup).toEqual(PICKUP_ON_THE_WAY);
    expect(riderAfter.offers[0]).toMatchObject({ seatsTaken: 1 });
    expect(riderAfter.offers[0]!.passengers.map((p) => p.userId)).toEqual([w.onTheWay.id]);
    const othersAfter = JSON.stringify([
      await t.ok('carpool/list', { activityId }, w.organiser.token),
      await t.ok('carpool/list', { activityId }, w.slightDetour.token),
    ]);
    for (const exact of EXACT) expect(othersAfter).not.toContain(exact);

    const slight = driverView.requests[1]!;
    await t.ok('carpool/accept-request', { requestId: slight.requestId, offerId: offer.offerId }, w.driver.token);
    // Two seats, both taken.
    const third = await joined(activityId);
    const { request } = await t.ok(
      'carpool/request-ride',
      { activityId, pickup: PICKUP_ON_THE_WAY, offerId: offer.offerId },
      third.token,
    );
    const full = await t.call(
      'carpool/accept-request',
      { requestId: request.requestId, offerId: offer.offerId },
      w.driver.token,
    );
    expect(full.status).toBe(409);
    expect(full.body.error?.code).toBe('NO_SEATS_LEFT');
    const shrink = await t.call('carpool/offer-seats', { activityId, seats: 1, origin: ORIGIN }, w.driver.token);
    expect(shrink.body.error?.code).toBe('SEATS_BELOW_TAKEN');

    // A cancelled ride frees its seat; a withdrawn offer puts its riders back to asking.
    await t.ok('carpool/cancel-request', { requestId: slight.requestId }, w.slightDetour.token);
    expect((await t.ok('carpool/list', { activityId }, w.driver.token)).offers[0]!.seatsTaken).toBe(1);
    await t.ok('carpool/withdraw-offer', { offerId: offer.offerId }, w.driver.token);
    const afterWithdraw = await t.ok('carpool/list', { activityId }, w.onTheWay.token);
    expect(afterWithdraw.offers).toEqual([]);
    expect(afterWithdraw.requests[0]).toMatchObject({ status: 'PENDING', pickup: null, offerId: null });
  });

  it('is for the people taking part only', async () => {
    const w = await carpoolWorld();
    const activityId = w.activity.activityId;
    const res = await t.call('carpool/list', { activityId }, w.outsider.token);
    expect(res.status).toBe(403);
    const offer = await t.call('carpool/offer-seats', { activityId, seats: 2, origin: ORIGIN }, w.outsider.token);
    expect(offer.status).toBe(403);
    const { offer: real } = await t.ok('carpool/offer-seats', { activityId, seats: 2, origin: ORIGIN }, w.driver.token);
    // Someone else's offer cannot be withdrawn nor used to accept.
    expect((await t.call('carpool/withdraw-offer', { offerId: real.offerId }, w.onTheWay.token)).status).toBe(404);
    const { request } = await t.ok('carpool/request-ride', { activityId, pickup: PICKUP_ON_THE_WAY }, w.farAway.token);
    const steal = await t.call(
      'carpool/accept-request',
      { requestId: request.requestId, offerId: real.offerId },
      w.onTheWay.token,
    );
    expect(steal.status).toBe(404);
    expect((await t.call('carpool/cancel-request', { requestId: request.requestId }, w.driver.token)).status).toBe(404);
    const own = await t.call(
      'carpool/request-ride',
      { activityId, pickup: PICKUP_ON_THE_WAY, offerId: real.offerId },
      w.driver.token,
    );
    expect(own.body.error?.code).toBe('OWN_OFFER');
  });
});

describe('gear', () => {
  it('suggests the template, lets one person claim an item and keeps checklists private', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, {
      sportId: 'via-ferrata',
      difficulty: 'HARD',
      date: '2031-01-15',
    });
    const activityId = activity.activityId;
    const [ann, bob] = [await joined(activityId), await joined(activityId)];

    const first = await t.ok('gear/list', { activityId }, ann.token);
    const keys = first.suggestions.map((s) => s.templateKey);
    expect(keys).toEqual(expect.arrayContaining(['viaFerrataSet', 'helmet', 'harness', 'headlamp']));
    expect(first.suggestions.find((s) => s.templateKey === 'helmet')?.required).toBe(true);

    // Only an admin makes an item required for everyone.
    const notAdmin = await t.call('gear/add-item', { activityId, templateKey: 'rope', required: true }, ann.token);
    expect(notAdmin.status).toBe(403);
    const { item: rope } = await t.ok(
      'gear/add-item',
      { activityId, name: 'Rope 60 m', required: true },
      organiser.token,
    );
    const dup = await t.call('gear/add-item', { activityId, name: 'rope 60 M' }, ann.token);
    expect(dup.body.error?.code).toBe('GEAR_DUPLICATE');

    const { item: claimed } = await t.ok('gear/claim', { itemId: rope.itemId, claimed: true }, ann.token);
    expect(claimed.claimedBy?.userId).toBe(ann.id);
    const taken = await t.call('gear/claim', { itemId: rope.itemId, claimed: true }, bob.token);
    expect(taken.body.error?.code).toBe('GEAR_ALREADY_CLAIMED');
    expect((await t.call('gear/claim', { itemId: rope.itemId, claimed: false }, bob.token)).status).toBe(403);

    const { item: snacks } = await t.ok('gear/add-item', { activityId, name: 'Snacks', personal: true }, bob.token);
    await t.ok('gear/check', { itemId: snacks.itemId, checked: true }, bob.token);
    const bobs = await t.ok('gear/list', { activityId }, bob.token);
    expect(bobs.checklist).toMatchObject([{ name: 'Snacks', checked: true, personal: true }]);
    const anns = await t.ok('gear/list', { activityId }, ann.token);
    expect(anns.checklist).toEqual([]);
    expect(JSON.stringify(anns)).not.toContain('Snacks');
    expect((await t.call('gear/check', { itemId: snacks.itemId, checked: false }, ann.token)).status).toBe(404);
    expect((await t.call('gear/remove-item', { itemId: snacks.itemId }, organiser.token)).status).toBe(404);
    expect((await t.call('gear/remove-item', { itemId: rope.itemId }, bob.token)).status).toBe(403);
    const outsider = await newUser(t);
    expect((await t.call('gear/list', { activityId }, outsider.token)).status).toBe(403);
  });

  it('tells the admins 24 h before the start about required items nobody claimed, once, across instances', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { sportId: 'climbing' });
    const activityId = activity.activityId;
    const ann = await joined(activityId);
    await t.ok('gear/add-item', { activityId, templateKey: 'rope', required: true }, organiser.token);
    const { item: helmet } = await t.ok(
      'gear/add-item',
      { activityId, templateKey: 'helmet', required: true },
      organiser.token,
    );
    await t.ok('gear/add-item', { activityId, name: 'Chalk' }, ann.token);
    await t.ok('gear/claim', { itemId: helmet.itemId, claimed: true }, ann.token);

    const reminders = t.modules.services.logistics.gearReminders;
    // The organiser's join notices (ACTIVITY_JOINED, docs/notifications.md) are not this job's.
    const sent = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.targetId, activityId), eq(notifications.type, 'GEAR_UNCLAIMED')));
    // Three days ahead: nothing yet.
    await reminders.run();
    expect(await sent()).toEqual([]);

    // 23 h before the start, two instances run the job at once: one notification, to the organiser only.
    clock = new Date(activity.startsAt).getTime() - 23 * 3_600_000;
    await Promise.all([reminders.run(), reminders.run()]);
    await reminders.run();
    const rows = await sent();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: organiser.id, type: 'GEAR_UNCLAIMED', reason: 'rope' });
    clock = Date.now();
  });
});

describe('account deletion', () => {
  it("erases the person's car, pickup point and checklists, and frees what they would bring", async () => {
    const w = await carpoolWorld();
    const activityId = w.activity.activityId;
    const { offer } = await t.ok('carpool/offer-seats', { activityId, seats: 2, origin: ORIGIN }, w.driver.token);
    const { request } = await t.ok(
      'carpool/request-ride',
      { activityId, pickup: PICKUP_ON_THE_WAY, offerId: offer.offerId },
      w.onTheWay.token,
    );
    await t.ok('carpool/accept-request', { requestId: request.requestId, offerId: offer.offerId }, w.driver.token);
    await t.ok('carpool/request-ride', { activityId, pickup: PICKUP_FAR }, w.farAway.token);
    const { item } = await t.ok('gear/add-item', { activityId, name: 'Stove' }, w.organiser.token);
    await t.ok('gear/claim', { itemId: item.itemId, claimed: true }, w.farAway.token);
    await t.ok('gear/add-item', { activityId, name: 'Socks', personal: true }, w.farAway.token);

    await reauthenticate(t, w.farAway.token);

    await t.ok('user/delete-account', undefined, w.farAway.token);
    await reauthenticate(t, w.driver.token);
    await t.ok('user/delete-account', undefined, w.driver.token);
    expect(await t.db.select().from(rideRequests).where(eq(rideRequests.riderId, w.farAway.id))).toEqual([]);
    expect(await t.db.select().from(carpoolOffers).where(eq(carpoolOffers.driverId, w.driver.id))).toEqual([]);
    expect(await t.db.select().from(gearItems).where(eq(gearItems.personalFor, w.farAway.id))).toEqual([]);
    const [stove] = await t.db.select().from(gearItems).where(eq(gearItems.id, item.itemId));
    expect(stove?.claimedBy).toBeNull();
    // The rider of the deleted car asks again.
    const [again] = await t.db.select().from(rideRequests).where(eq(rideRequests.riderId, w.onTheWay.id));
    expect(again).toMatchObject({ status: 'PENDING', offerId: null });
  });
});

describe('carpool purge', () => {
  it('drops the points of people who left at once, and the whole carpool a day after the end', async () => {
    const w = await carpoolWorld();
    const activityId = w.activity.activityId;
    const { offer } = await t.ok('carpool/offer-seats', { activityId, seats: 2, origin: ORIGIN }, w.driver.token);
    await t.ok(
      'carpool/request-ride',
      { activityId, pickup: PICKUP_ON_THE_WAY, offerId: offer.offerId },
      w.onTheWay.token,
    );
    await t.ok('carpool/request-ride', { activityId, pickup: PICKUP_FAR }, w.farAway.token);
    await t.ok('gear/add-item', { activityId, name: 'Socks', personal: true }, w.farAway.token);
    await t.ok('activity/exit', { activityId }, w.farAway.token);

    const purge = t.modules.services.logistics.purgeCarpools;
    await Promise.all([purge(), purge()]);
    const requests = await t.db.select().from(rideRequests).where(eq(rideRequests.activityId, activityId));
    expect(requests.map((r) => r.riderId)).toEqual([w.onTheWay.id]);
    expect(await t.db.select().from(gearItems).where(eq(gearItems.personalFor, w.farAway.id))).toEqual([]);

    clock = new Date(w.activity.endsAt).getTime() + 25 * 3_600_000;
    await purge();
    expect(await t.db.select().from(rideRequests).where(eq(rideRequests.activityId, activityId))).toEqual([]);
    expect(await t.db.select().from(carpoolOffers).where(eq(carpoolOffers.activityId, activityId))).toEqual([]);
    clock = Date.now();
  });
});
