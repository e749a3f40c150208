import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { collect, listen, openSocket, sleep, type TestSocket, until } from '../../../test/chat-factories.ts';
import { newActivity, newUser } from '../../../test/factories.ts';

let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const socketOf = async (token: string) => {
  const socket = await openSocket(url, token);
  sockets.push(socket);
  return socket;
};

describe('live seats', () => {
  it('tell the people taking part how many seats are left, with no point in it, and nobody else', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser);
    const activityId = activity.activityId;
    const [rider, outsider] = [await newUser(t), await newUser(t)];
    await t.ok('activity/participate', { activityId }, rider.token);
    const toOrganiser = collect(await socketOf(organiser.token), 'logistics');
    const toRider = collect(await socketOf(rider.token), 'logistics');
    const toOutsider = collect(await socketOf(outsider.token), 'logistics');

    const origin = { latitude: 45.550_987_6, longitude: 9.190_765_4 };
    const pickup = { latitude: 45.512_345_6, longitude: 9.190_123_4 };
    const { offer } = await t.ok('carpool/offer-seats', { activityId, seats: 2, origin }, organiser.token);
    const { request } = await t.ok('carpool/request-ride', { activityId, pickup, offerId: offer.offerId }, rider.token);
    await t.ok('carpool/accept-request', { requestId: request.requestId, offerId: offer.offerId }, organiser.token);
    await until(() => toRider.length >= 3 && toOrganiser.length >= 3, 10_000, 'three carpool events');
    expect(toRider.at(-1)).toEqual({
      activityId,
      kind: 'carpool',
      seats: [{ offerId: offer.offerId, seats: 2, seatsTaken: 1 }],
    });
    const text = JSON.stringify([...toRider, ...toOrganiser]);
    for (const exact of [pickup.latitude, pickup.longitude, origin.latitude, origin.longitude])
      expect(text).not.toContain(String(exact));

    const { item } = await t.ok('gear/add-item', { activityId, name: 'Rope' }, organiser.token);
    await t.ok('gear/claim', { itemId: item.itemId, claimed: true }, rider.token);
    await until(() => toOrganiser.filter((e) => e.kind === 'gear').length === 2, 10_000, 'two gear events');
    // A private checklist item tells nobody.
    const before = toOrganiser.length;
    await t.ok('gear/add-item', { activityId, name: 'Socks', personal: true }, rider.token);
    await sleep(200);
    expect(toOrganiser.length).toBe(before);
    expect(toOutsider).toEqual([]);
  });
});
