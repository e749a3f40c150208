import { DEVICE_KEYS_PER_PERSON, type QueuedEvent } from '@cordata/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registeredDevice } from '../../../test/device-keys.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import { locationPoints, notifications, queuedEvents } from '../../db/schema.ts';

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t?.close());
afterEach(() => {
  clock = Date.now();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

let day = 0;
/** An open activity, its organiser and two participants, each on its own day (the job looks a day back). */
async function outing() {
  const organiser = await newUser(t, { firstName: 'Olga' });
  day += 2;
  const activity = await newActivity(t, organiser, { date: dayFromNow(day), name: 'Grigna ridge' });
  const anna = await newUser(t, { firstName: 'Anna' });
  const bruno = await newUser(t, { firstName: 'Bruno' });
  for (const p of [anna, bruno]) await t.ok('activity/participate', { activityId: activity.activityId }, p.token);
  return {
    organiser,
    anna,
    bruno,
    activityId: activity.activityId,
    startsAt: new Date(activity.startsAt).getTime(),
    endsAt: new Date(activity.endsAt).getTime(),
  };
}

const deliver = async (token: string, ...events: QueuedEvent[]) =>
  (await t.ok('safety/deliver-queued', { events }, token)).results;
const backOf = async (activityId: string, token: string, userId: string) =>
  (await t.ok('activity/safety', { activityId }, token)).safety.people.find((p) => p.user.userId === userId)!.backAt;
const notBack = (activityId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, 'ACTIVITY_NOT_BACK'), eq(notifications.targetId, activityId)));
const escalation = () => t.modules.services.safety.escalation;

describe('"I\'m back" without signal', () => {
  it('arrives later with its original time, and the escalation judges it by that time', async () => {
    const { organiser, anna, bruno, activityId, endsAt } = await outing();
    const phone = await registeredDevice(t, anna.token);
    clock = endsAt - 10 * MINUTE;
    await t.ok('activity/safety-back', { activityId }, bruno.token);
    await t.ok('activity/safety-back', { activityId }, organiser.token);
    // Anna taps "I'm back" in a valley with no signal, 5 minutes before the planned return…
    const back = phone.event({
      kind: 'BACK',
      activityId,
      personId: anna.id,
      occurredAt: iso(endsAt - 5 * MINUTE),
      payload: {},
    });
    // …and the network returns 50 minutes later.
    clock = endsAt + 45 * MINUTE;
    expect(await deliver(anna.token, back)).toEqual([{ id: back.id, status: 'ACCEPTED', code: null }]);
    expect(await backOf(activityId, organiser.token, anna.id)).toBe(iso(endsAt - 5 * MINUTE));
    // Sent again (the answer was lost on the way): applied once.
    expect(await deliver(anna.token, back)).toEqual([{ id: back.id, status: 'DUPLICATE', code: null }]);

    clock = endsAt + 61 * MINUTE;
    expect(await escalation().run()).toEqual({ alerted: 0, mailed: 0 });
    clock = endsAt + 91 * MINUTE;
    expect(await escalation().run()).toEqual({ alerted: 0, mailed: 0 });
    expect(await notBack(activityId)).toEqual([]);
  });

  it('arriving after the group was told, stops the contacts being mailed', async () => {
    const { organiser, anna, bruno, activityId, endsAt } = await outing();
    const phone = await registeredDevice(t, anna.token);
    await t.ok(
      'user/set-emergency-contacts',
      { contacts: [{ name: 'Mum', email: `mum-${anna.id}@x.test` }] },
      anna.token,
    );
    clock = endsAt - 10 * MINUTE;
    for (const p of [bruno, organiser]) await t.ok('activity/safety-back', { activityId }, p.token);
    clock = endsAt + 61 * MINUTE;
    expect((await escalation().run()).alerted).toBe(1);
    const back = phone.event({
      kind: 'BACK',
      activityId,
      personId: anna.id,
      occurredAt: iso(endsAt + 30 * MINUTE),
      payload: {},
    });
    clock = endsAt + 70 * MINUTE;
    expect((await deliver(anna.token, back))[0]!.status).toBe('ACCEPTED');
    clock = endsAt + 91 * MINUTE;
    expect(await escalation().run()).toEqual({ alerted: 0, mailed: 0 });
    const { safety } = await t.ok('activity/safety', { activityId }, organiser.token);
    expect(safety.people.find((p) => p.user.userId === anna.id)).toMatchObject({
      backAt: iso(endsAt + 30 * MINUTE),
      contactsMailedAt: null,
    });
  });

  it('keeps the earlier of a check-in already recorded and the queued one', async () => {
    const { organiser, anna, activityId, endsAt } = await outing();
    const phone = await registeredDevice(t, anna.token);
    clock = endsAt + 20 * MINUTE;
    await t.ok('activity/safety-back', { activityId, userId: anna.id }, organiser.token);
    const back = phone.event({ kind: 'BACK', activityId, personId: anna.id, occurredAt: iso(endsAt), payload: {} });
    clock = endsAt + 30 * MINUTE;
    await deliver(anna.token, back);
    expect(await backOf(activityId, organiser.token, anna.id)).toBe(iso(endsAt));
    const later = phone.event({
      kind: 'BACK',
      activityId,
      personId: anna.id,
      occurredAt: iso(endsAt + 25 * MINUTE),
      payload: {},
    });
    expect((await deliver(anna.token, later))[0]!.status).toBe('ACCEPTED');
    expect(await backOf(activityId, organiser.token, anna.id)).toBe(iso(endsAt));
  });
});

describe('store and forward', () => {
  it("another participant's phone carries it, applied as the signer; it cannot forge nor alter one", async () => {
    const { organiser, anna, bruno, activityId, endsAt } = await outing();
    const annas = await registeredDevice(t, anna.token);
    const brunos = await registeredDevice(t, bruno.token);
    const back = annas.event({ kind: 'BACK', activityId, personId: anna.id, occurredAt: iso(endsAt), payload: {} });
    clock = endsAt + 10 * MINUTE;

    // Altered on the way: a later time, or Bruno's name on Anna's signature.
    const later = { ...back, occurredAt: iso(endsAt + 5 * MINUTE) };
    const renamed = { ...back, personId: bruno.id, deviceKeyId: brunos.deviceKeyId };
    // Bruno's own key signing for Anna: not hers.
    const forged = brunos.event({ kind: 'BACK', activityId, personId: anna.id, occurredAt: iso(endsAt), payload: {} });
    expect((await deliver(bruno.token, later, renamed, forged)).map((r) => r.code)).toEqual([
      'BAD_SIGNATURE',
      'BAD_SIGNATURE',
      'UNKNOWN_KEY',
    ]);
    expect(await backOf(activityId, organiser.token, anna.id)).toBeNull();

    expect((await deliver(bruno.token, back))[0]!.status).toBe('ACCEPTED');
    expect(await backOf(activityId, organiser.token, anna.id)).toBe(iso(endsAt));
    expect(await backOf(activityId, organiser.token, bruno.id)).toBeNull();
    const [row] = await t.db.select().from(queuedEvents).where(eq(queuedEvents.eventId, back.id));
    expect(row).toMatchObject({ userId: anna.id, carriedBy: bruno.id, kind: 'BACK' });
    // Anna's own phone sends it too, once it has signal: already there.
    expect((await deliver(anna.token, back))[0]!.status).toBe('DUPLICATE');
  });
});

describe('the bounds', () => {
  it('refuses what is too old, in the future, before the window, or from someone not taking part', async () => {
    const { anna, activityId, startsAt, endsAt } = await outing();
    const phone = await registeredDevice(t, anna.token);
    const outsider = await newUser(t);
    const outsiders = await registeredDevice(t, outsider.token);
    const at = (occurredAt: number) =>
      phone.event({ kind: 'BACK', activityId, personId: anna.id, occurredAt: iso(occurredAt), payload: {} });
    clock = endsAt + 73 * HOUR;
    const stale = at(endsAt);
    const ahead = at(clock + 5 * MINUTE);
    clock = startsAt - 2 * HOUR;
    const early = at(startsAt - HOUR);
    const stranger = outsiders.event({
      kind: 'BACK',
      activityId,
      personId: outsider.id,
      occurredAt: iso(startsAt),
      payload: {},
    });
    clock = endsAt + 73 * HOUR;
    expect((await deliver(anna.token, stale, ahead, early, stranger)).map((r) => [r.status, r.code])).toEqual([
      ['REFUSED', 'STALE'],
      ['REFUSED', 'IN_FUTURE'],
      ['REFUSED', 'STALE'],
      ['REFUSED', 'STALE'],
    ]);
    clock = startsAt + HOUR;
    const results = await deliver(anna.token, early, stranger, at(clock + MINUTE));
    expect(results.map((r) => r.code)).toEqual(['SAFETY_NOT_STARTED', 'FORBIDDEN', null]);
    // A refused event leaves no replay row: nothing was applied.
    expect(await t.db.select().from(queuedEvents).where(eq(queuedEvents.eventId, early.id))).toEqual([]);
  });

  it('keeps the last DEVICE_KEYS_PER_PERSON keys of a person: an event signed with an older one is refused', async () => {
    const { anna, activityId, endsAt } = await outing();
    const first = await registeredDevice(t, anna.token);
    const back = first.event({ kind: 'BACK', activityId, personId: anna.id, occurredAt: iso(endsAt), payload: {} });
    for (let i = 0; i < DEVICE_KEYS_PER_PERSON; i += 1) await registeredDevice(t, anna.token);
    clock = endsAt + MINUTE;
    expect((await deliver(anna.token, back))[0]!.code).toBe('UNKNOWN_KEY');
  });

  it('takes only a valid Ed25519 key', async () => {
    const user = await newUser(t);
    const short = await t.call('safety/register-device-key', { publicKey: 'abc' }, user.token);
    expect(short.status).toBe(400);
    expect(short.body.error?.code).toBe('VALIDATION_ERROR');
  });
});

describe('positions and attendance marks without signal', () => {
  it('are stored with the time they happened', async () => {
    const { organiser, anna, activityId, startsAt } = await outing();
    const annas = await registeredDevice(t, anna.token);
    const organisers = await registeredDevice(t, organiser.token);
    clock = startsAt + 10 * MINUTE;
    await t.ok('activity/safety-share', { activityId, sharing: true }, anna.token);
    const fix = annas.event({
      kind: 'POSITION',
      activityId,
      personId: anna.id,
      occurredAt: iso(startsAt + 20 * MINUTE),
      payload: { latitude: 45.95, longitude: 9.38, accuracy: 12 },
    });
    const mark = organisers.event({
      kind: 'ATTENDANCE_MARK',
      activityId,
      personId: organiser.id,
      occurredAt: iso(startsAt + 15 * MINUTE),
      payload: { userId: anna.id, mark: 'ATTENDED' },
    });
    const byAnna = annas.event({
      kind: 'ATTENDANCE_MARK',
      activityId,
      personId: anna.id,
      occurredAt: iso(startsAt + 15 * MINUTE),
      payload: { userId: anna.id, mark: 'ATTENDED' },
    });
    clock = startsAt + HOUR;
    expect((await deliver(anna.token, fix, mark, byAnna)).map((r) => r.code)).toEqual([null, null, 'FORBIDDEN']);
    const [point] = await t.db.select().from(locationPoints).where(eq(locationPoints.userId, anna.id));
    expect(point).toMatchObject({ latitude: 45.95, accuracy: 12, recordedAt: new Date(startsAt + 20 * MINUTE) });
    const { sheet } = await t.ok('attendance/list-sheet', { activityId }, organiser.token);
    expect(sheet.entries.find((e) => e.userId === anna.id)).toMatchObject({
      status: 'ATTENDED',
      markedAt: iso(startsAt + 15 * MINUTE),
    });
    expect((await deliver(organiser.token, mark)).map((r) => r.status)).toEqual(['DUPLICATE']);
    // A refused attendance event leaves no replay row behind.
    expect(await t.db.select().from(queuedEvents).where(eq(queuedEvents.eventId, byAnna.id))).toEqual([]);
  });
});
