import type { SafetyPositionAck, SafetyPositionInput } from '@cordata/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { collect, listen, openSocket, sleep, type TestSocket, until } from '../../../test/chat-factories.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import {
  activities,
  activitySafety,
  locationPoints,
  mailOutbox,
  notifications,
  safetyLinks,
  users,
} from '../../db/schema.ts';
import { safetyText } from '../../i18n/safety.ts';
import { pushText } from '../notifications/push-messages.ts';
import { createSafetyRepository } from './safety.repository.ts';
import { createSafetyEscalation, hashLinkToken } from './safety-escalation.ts';
import { CONTACT_ESCALATIONS_PER_WEEK } from './safety-rules.ts';

let clock = Date.now();
let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cordata.example' }, { now: () => new Date(clock) });
  url = await listen(t);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});
afterEach(() => {
  clock = Date.now();
});

const MINUTE = 60_000;

const CONFIRM_SUBJECTS = [
  'Confirm that you are an emergency contact on Cordata',
  'Conferma di essere un contatto di emergenza su Cordata',
];
/** The confirmation mails sent to an address, newest last. */
const confirmationsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt)).filter((m) =>
    CONFIRM_SUBJECTS.includes(m.subject),
  );
const confirmPath = (text: string) =>
  /\/api\/space\/cordata\/safety\/confirm-contact\/[A-Za-z0-9_-]{43}/.exec(text)![0];
/** Sets a person's contacts and has every address follow its confirmation link (M-N2). */
async function setConfirmedContacts(token: string, contacts: { name: string; email: string }[]) {
  await t.ok('user/set-emergency-contacts', { contacts }, token);
  for (const { email } of contacts) {
    const [mail] = await confirmationsTo(email.toLowerCase());
    const confirmed = await t.app.inject({ method: 'POST', url: confirmPath(mail!.text) });
    expect(confirmed.statusCode).toBe(200);
  }
}
const HOUR = 60 * MINUTE;

const socketOf = async (token: string) => {
  const socket = await openSocket(url, token);
  sockets.push(socket);
  return socket;
};
const send = (socket: TestSocket, input: SafetyPositionInput) =>
  new Promise<SafetyPositionAck>((resolve) => socket.emit('safety:position', input, resolve));

let day = 0;
/**
 * An open public activity, 09:00–11:00 Rome time, its organiser and `n` participants. Each on its own day, so that
 * the escalation job, which looks a day back over every activity of the database, finds only the test’s own when the clock is moved.
 */
async function outing(n: number, options: { language?: 'en' | 'it' } = {}) {
  const organiser = await newUser(t, { firstName: 'Olga', language: options.language });
  day += 2;
  const activity = await newActivity(t, organiser, { date: dayFromNow(day), name: 'Grigna ridge' });
  const people = [];
  for (let i = 0; i < n; i += 1) {
    const person = await newUser(t, { firstName: `Person${i}`, language: options.language });
    await t.ok('activity/participate', { activityId: activity.activityId }, person.token);
    people.push(person);
  }
  const startsAt = new Date(activity.startsAt).getTime();
  const endsAt = new Date(activity.endsAt).getTime();
  return { organiser, activity, activityId: activity.activityId, people, startsAt, endsAt };
}

const escalation = () => t.modules.services.safety.escalation;

describe('the planned return', () => {
  it('is the end time until the organiser sets it, after the start; participants cannot', async () => {
    const { organiser, activityId, people, endsAt, startsAt } = await outing(1);
    const { safety } = await t.ok('activity/safety', { activityId }, people[0]!.token);
    expect(safety.plannedReturnAt).toBe(new Date(endsAt).toISOString());
    expect(safety.plannedReturnSet).toBe(false);
    expect(safety.state).toBe('BEFORE');
    expect(safety.opensAt).toBe(new Date(startsAt - 30 * MINUTE).toISOString());
    expect(safety.closesAt).toBe(new Date(endsAt + 2 * HOUR).toISOString());

    const later = new Date(endsAt + 90 * MINUTE).toISOString();
    const set = await t.ok('activity/safety-set-return', { activityId, plannedReturnAt: later }, organiser.token);
    expect(set.safety).toMatchObject({ plannedReturnAt: later, plannedReturnSet: true });
    const early = new Date(startsAt - MINUTE).toISOString();
    const refused = await t.call('activity/safety-set-return', { activityId, plannedReturnAt: early }, organiser.token);
    expect(refused.body.error?.code).toBe('RETURN_BEFORE_START');
    const byParticipant = await t.call(
      'activity/safety-set-return',
      { activityId, plannedReturnAt: later },
      people[0]!.token,
    );
    expect(byParticipant.status).toBe(403);
    const reset = await t.ok('activity/safety-set-return', { activityId, plannedReturnAt: null }, organiser.token);
    expect(reset.safety.plannedReturnAt).toBe(new Date(endsAt).toISOString());
  });

  it('is for the people taking part only', async () => {
    const { activityId } = await outing(0);
    const outsider = await newUser(t);
    expect((await t.call('activity/safety', { activityId }, outsider.token)).status).toBe(403);
  });
});

describe('live positions', () => {
  it('go over the socket only between people who both share, in the window, never across a block', async () => {
    const { organiser, activityId, people, startsAt, endsAt } = await outing(3);
    const [anna, bruno, carla] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const outsider = await newUser(t);
    // Carla blocked Anna: neither sees the other, whatever they share.
    await t.ok('user/block', { userId: anna.id }, carla.token);

    const early = await t.call('activity/safety-share', { activityId, sharing: true }, anna.token);
    expect(early.body.error?.code).toBe('SAFETY_WINDOW_CLOSED');
    clock = startsAt - 10 * MINUTE;
    for (const p of [anna, bruno, carla]) await t.ok('activity/safety-share', { activityId, sharing: true }, p.token);

    const [sa, sb, sc, so, sx] = [
      await socketOf(anna.token),
      await socketOf(bruno.token),
      await socketOf(carla.token),
      await socketOf(organiser.token),
      await socketOf(outsider.token),
    ];
    const [toBruno, toCarla, toOrganiser, toOutsider] = [
      collect(sb, 'safety:position'),
      collect(sc, 'safety:position'),
      collect(so, 'safety:position'),
      collect(sx, 'safety:position'),
    ];

    expect(await send(sa, { activityId, latitude: 45.9, longitude: 9.4, accuracy: 8 })).toEqual({ ok: true });
    await until(() => toBruno.length === 1, 10_000, 'Anna’s position at Bruno');
    expect(toBruno[0]).toEqual({
      activityId,
      userId: anna.id,
      latitude: 45.9,
      longitude: 9.4,
      at: new Date(clock).toISOString(),
    });
    // The organiser does not share, the outsider is not in it, Carla blocked Anna: nothing, and nothing stored for them.
    expect(await send(so, { activityId, latitude: 45.8, longitude: 9.3 })).toEqual({ ok: false, code: 'NOT_SHARING' });
    expect(await send(sx, { activityId, latitude: 45.8, longitude: 9.3 })).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(await send(sx, { activityId: 'nope', latitude: 95, longitude: 9 } as never)).toEqual({
      ok: false,
      code: 'INVALID',
    });
    // A phone sending more often than every 15 s is ignored.
    expect(await send(sa, { activityId, latitude: 45.91, longitude: 9.41 })).toEqual({ ok: false, code: 'TOO_SOON' });
    clock += 31_000;
    expect(await send(sc, { activityId, latitude: 45.7, longitude: 9.2 })).toEqual({ ok: true });
    await until(() => toBruno.length === 2, 10_000, 'Carla’s position at Bruno');
    await sleep(200);
    expect(toCarla).toEqual([]);
    expect(toOrganiser).toEqual([]);
    expect(toOutsider).toEqual([]);

    // Reading: Bruno sees both; the organiser, not sharing, sees nobody's position; Carla does not see Anna's.
    const seen = async (token: string) =>
      Object.fromEntries(
        (await t.ok('activity/safety', { activityId }, token)).safety.people.map((p) => [p.user.userId, p.lastFix]),
      );
    expect(await seen(bruno.token)).toMatchObject({ [anna.id]: { latitude: 45.9 }, [carla.id]: { latitude: 45.7 } });
    expect(Object.values(await seen(organiser.token)).filter(Boolean)).toEqual([]);
    const carlaSees = await seen(carla.token);
    expect(carlaSees[anna.id]).toBeNull();
    expect(carlaSees[carla.id]).toMatchObject({ latitude: 45.7 });

    // Stopping stops both ways: Bruno no longer gets Anna's, nor sees the last one.
    await t.ok('activity/safety-share', { activityId, sharing: false }, bruno.token);
    clock += 31_000;
    expect(await send(sa, { activityId, latitude: 45.92, longitude: 9.42 })).toEqual({ ok: true });
    await sleep(200);
    expect(toBruno).toHaveLength(2);
    expect((await seen(bruno.token))[anna.id]).toBeNull();

    // Two hours after the planned return sharing has stopped by itself.
    clock = endsAt + 2 * HOUR + MINUTE;
    expect(await send(sa, { activityId, latitude: 45.93, longitude: 9.43 })).toEqual({
      ok: false,
      code: 'SAFETY_WINDOW_CLOSED',
    });
    const stored = await t.db.select().from(locationPoints).where(eq(locationPoints.activityId, activityId));
    expect(stored.map((p) => p.userId).sort()).toEqual([anna.id, anna.id, carla.id].sort());
  });

  it('never send a point inside the sender’s privacy zones to anyone else, live, stored or on the emergency page', async () => {
    const { activityId, people, startsAt } = await outing(2);
    const [anna, bruno] = people as [(typeof people)[0], (typeof people)[0]];
    await t.ok('privacy/add-zone', { latitude: 45.7, longitude: 9.2, radiusMetres: 1000 }, anna.token);
    clock = startsAt;
    for (const p of [anna, bruno]) await t.ok('activity/safety-share', { activityId, sharing: true }, p.token);
    const toBruno = collect(await socketOf(bruno.token), 'safety:position');
    const annaSocket = await socketOf(anna.token);
    // At home: stored for Anna, sent to nobody.
    expect(await send(annaSocket, { activityId, latitude: 45.7, longitude: 9.2 })).toEqual({ ok: true });
    await sleep(200);
    expect(toBruno).toEqual([]);
    const lastFixOf = async (token: string) =>
      (await t.ok('activity/safety', { activityId }, token)).safety.people.find((p) => p.user.userId === anna.id)!
        .lastFix;
    expect(await lastFixOf(bruno.token)).toBeNull();
    expect(await lastFixOf(anna.token)).toMatchObject({ latitude: 45.7 });
    // Out on the ridge: Bruno gets it.
    clock += 31_000;
    expect(await send(annaSocket, { activityId, latitude: 45.9, longitude: 9.4 })).toEqual({ ok: true });
    await until(() => toBruno.length === 1, 10_000, 'the position outside the zone');
    expect(toBruno[0]).toMatchObject({ latitude: 45.9, longitude: 9.4 });
  });

  it('stop once all are back; organisers may check someone in, participants only themselves', async () => {
    const { organiser, activityId, people, startsAt } = await outing(2);
    const [anna, bruno] = people as [(typeof people)[0], (typeof people)[0]];
    const early = await t.call('activity/safety-back', { activityId }, anna.token);
    expect(early.body.error?.code).toBe('SAFETY_NOT_STARTED');
    clock = startsAt + HOUR;
    await t.ok('activity/safety-share', { activityId, sharing: true, economy: true }, anna.token);
    const other = await t.call('activity/safety-back', { activityId, userId: bruno.id }, anna.token);
    expect(other.status).toBe(403);
    const back = await t.ok('activity/safety-back', { activityId }, anna.token);
    expect(back.safety.me).toMatchObject({ backAt: new Date(clock).toISOString(), sharing: false });
    await t.ok('activity/safety-back', { activityId, userId: bruno.id }, organiser.token);
    expect((await t.ok('activity/safety', { activityId }, organiser.token)).safety.state).toBe('OPEN');
    await t.ok('activity/safety-back', { activityId }, organiser.token);
    const { safety } = await t.ok('activity/safety', { activityId }, bruno.token);
    expect(safety).toMatchObject({ state: 'CLOSED', allBackAt: new Date(clock).toISOString() });
    expect(safety.people.every((p) => p.backAt)).toBe(true);
    // Undone by mistake: open again.
    const undone = await t.ok('activity/safety-back', { activityId, back: false }, anna.token);
    expect(undone.safety.state).toBe('OPEN');
  });
});

describe('the escalation', () => {
  /** The escalation mails to an address (its confirmation mail left out). */
  async function mailsTo(email: string) {
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    return mails.filter((m) => !CONFIRM_SUBJECTS.includes(m.subject));
  }
  const notBack = (activityId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'ACTIVITY_NOT_BACK'), eq(notifications.targetId, activityId)));

  it('tells the group 60 min after the planned return, then mails the contacts 30 min later, once each', async () => {
    const { organiser, activityId, people, startsAt, endsAt } = await outing(2);
    const [anna, bruno] = people as [(typeof people)[0], (typeof people)[0]];
    const contacts = [
      { name: 'Mum', email: `mum-${anna.id}@example.test` },
      { name: 'Marco', email: `marco-${anna.id}@example.test` },
    ];
    await setConfirmedContacts(anna.token, contacts);
    await t.db.update(users).set({ phone: '+39 333 123 4567' }).where(eq(users.id, organiser.id));
    clock = startsAt + 10 * MINUTE;
    await t.ok('activity/safety-share', { activityId, sharing: true }, anna.token);
    const socket = await socketOf(anna.token);
    expect(await send(socket, { activityId, latitude: 45.95, longitude: 9.38 })).toEqual({ ok: true });
    // Bruno and the organiser are back; Anna is not.
    clock = endsAt - 5 * MINUTE;
    await t.ok('activity/safety-back', { activityId }, bruno.token);
    await t.ok('activity/safety-back', { activityId }, organiser.token);

    clock = endsAt + 59 * MINUTE;
    expect(await escalation().run()).toEqual({ alerted: 0, mailed: 0 });
    clock = endsAt + 61 * MINUTE;
    // Two instances at once, then a third made afresh (a restart): one alert in all.
    const again = createSafetyEscalation({
      repo: createSafetyRepository(t.db),
      changes: t.modules.services.changes,
      mailer: t.modules.services.mailer,
      delays: { alertAfterMinutes: 60, contactsAfterMinutes: 30 },
      linkHours: 48,
      linkBase: 'https://cordata.example/api/space/cordata/safety',
      now: () => new Date(clock),
    });
    const [one, two] = await Promise.all([escalation().run(), again.run()]);
    expect(one.alerted + two.alerted).toBe(1);
    expect(await again.run()).toEqual({ alerted: 0, mailed: 0 });
    const alerts = await notBack(activityId);
    expect(alerts.map((n) => [n.userId, n.actorId, n.reason]).sort()).toEqual(
      [
        [organiser.id, anna.id, null],
        [bruno.id, anna.id, null],
        [anna.id, null, 'SELF'],
      ].sort(),
    );
    expect(pushText('it', 'ACTIVITY_NOT_BACK', { actor: 'Anna', target: 'Grigna ridge' }).body).toContain(
      'Anna non ha segnalato il rientro da Grigna ridge',
    );
    expect(pushText('en', 'ACTIVITY_NOT_BACK', { target: 'Grigna ridge', reason: 'SELF' }).body).toContain(
      'You are not checked in as back from Grigna ridge',
    );
    expect(await mailsTo(contacts[0]!.email)).toEqual([]);

    clock = endsAt + 89 * MINUTE;
    expect((await escalation().run()).mailed).toBe(0);
    clock = endsAt + 91 * MINUTE;
    const [first, second] = await Promise.all([escalation().run(), again.run()]);
    expect(first.mailed + second.mailed).toBe(2);
    expect((await escalation().run()).mailed).toBe(0);
    const [mail] = await mailsTo(contacts[0]!.email);
    expect(mail!.subject).toBe(`Person0 ${anna.lastName} is not back from Grigna ridge`);
    // Nothing the person typed about the contact goes to the address: no greeting by the name given (review M-N2).
    expect(mail!.text.startsWith('Hello,\n')).toBe(true);
    expect(`${mail!.text}${mail!.html}`).not.toContain('Mum');
    const link = /https:\/\/cordata\.example\/api\/space\/cordata\/safety\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    // 256 random bits; the database keeps only their hash.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await t.db.select().from(safetyLinks).where(eq(safetyLinks.userId, anna.id));
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.map((l) => l.tokenHash)).toContain(hashLinkToken(token));
    const marco = (await mailsTo(contacts[1]!.email))[0]!;
    expect(marco.text).not.toContain(token);

    const page = await t.app.inject({ method: 'GET', url: `/api/space/cordata/safety/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`Person0 ${anna.lastName} is not back yet`);
    expect(page.body).toContain('45.95000, 9.38000');
    expect(page.body).toContain('Grigna ridge');
    expect(page.body).toContain('<polyline');
    // Only the organiser's first name: no e-mail, phone or last name of anyone, no other participant (review M-N2).
    expect(page.body).toContain('Organised by: Olga');
    for (const hidden of [organiser.email, organiser.lastName, '333 123 4567', anna.email, bruno.email, 'Person1'])
      expect(page.body).not.toContain(hidden);
    expect(page.body).not.toMatch(/mailto:|tel:/);

    // Checking in stops everything: the page says so and shows nothing more.
    clock = endsAt + 2 * HOUR;
    await t.ok('activity/safety-back', { activityId }, anna.token);
    const afterBack = await t.app.inject({ method: 'GET', url: `/api/space/cordata/safety/${token}` });
    expect(afterBack.body).toContain('is back');
    expect(afterBack.body).not.toContain('45.95000');
    // Expired: nothing at all.
    clock = endsAt + 91 * MINUTE + 48 * HOUR + MINUTE;
    const expired = await t.app.inject({ method: 'GET', url: `/api/space/cordata/safety/${token}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).not.toContain('Grigna');
    expect(expired.body).toContain('This link has expired or does not exist.');
  });

  it('tells nobody with a block between them and the missing person, but the organisers', async () => {
    const { organiser, activityId, people, endsAt } = await outing(3);
    const [anna, bruno, carla] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    // Carla blocked Anna, Anna blocked Bruno after both had joined; the organiser blocked Anna too.
    await t.ok('user/block', { userId: anna.id }, carla.token);
    await t.ok('user/block', { userId: bruno.id }, anna.token);
    await t.ok('user/block', { userId: anna.id }, organiser.token);
    clock = endsAt + 10 * MINUTE;
    for (const p of [organiser, bruno, carla]) await t.ok('activity/safety-back', { activityId }, p.token);
    clock = endsAt + 61 * MINUTE;
    expect((await escalation().run()).alerted).toBe(1);
    const alerts = await notBack(activityId);
    expect(alerts.map((n) => [n.userId, n.actorId]).sort()).toEqual(
      [
        [organiser.id, anna.id],
        [anna.id, null],
      ].sort(),
    );
  });

  it('stops for whoever checks in before a step, and writes in the person’s language', async () => {
    const { activityId, people, organiser, endsAt } = await outing(2, { language: 'it' });
    const [anna, bruno] = people as [(typeof people)[0], (typeof people)[0]];
    for (const p of [anna, bruno])
      await setConfirmedContacts(p.token, [{ name: 'Casa', email: `casa-${p.id}@example.test` }]);
    clock = endsAt + 10 * MINUTE;
    await t.ok('activity/safety-back', { activityId }, organiser.token);
    clock = endsAt + 65 * MINUTE;
    expect((await escalation().run()).alerted).toBe(2);
    // Bruno checks in between the steps: his contact is never mailed.
    clock = endsAt + 80 * MINUTE;
    await t.ok('activity/safety-back', { activityId }, bruno.token);
    clock = endsAt + 95 * MINUTE;
    expect((await escalation().run()).mailed).toBe(1);
    expect(await mailsTo(`casa-${bruno.id}@example.test`)).toEqual([]);
    const [mail] = await mailsTo(`casa-${anna.id}@example.test`);
    expect(mail!.subject).toBe(`Person0 ${anna.lastName} non ha ancora segnalato il rientro da Grigna ridge`);
    const token = /safety\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const page = await t.app.inject({ method: 'GET', url: `/api/space/cordata/safety/${token}` });
    expect(page.body).toContain('<html lang="it">');
    expect(page.body).toContain('Durante questa attività non ha condiviso la posizione.');
    const rows = await t.db.select().from(activitySafety).where(eq(activitySafety.activityId, activityId));
    expect(rows.find((r) => r.userId === bruno.id)?.contactsMailedAt).toBeNull();
  });

  it(`mails one person's contacts at most ${CONTACT_ESCALATIONS_PER_WEEK} times in 7 days (review M-N2)`, async () => {
    const organiser = await newUser(t, { firstName: 'Olga' });
    const eve = await newUser(t);
    const contact = `second-${eve.id}@example.test`;
    await setConfirmedContacts(eve.token, [{ name: 'Me', email: contact }]);
    // One outing a day, Eve never back: the days after the cap are still told to the group, but not mailed.
    const outings = [];
    for (let i = 1; i <= CONTACT_ESCALATIONS_PER_WEEK + 1; i += 1) {
      const activity = await newActivity(t, organiser, { date: dayFromNow(day + i), name: 'Grigna ridge' });
      await t.ok('activity/participate', { activityId: activity.activityId }, eve.token);
      outings.push(activity);
    }
    day += CONTACT_ESCALATIONS_PER_WEEK + 3;
    for (const activity of outings) {
      const endsAt = new Date(activity.endsAt).getTime();
      clock = endsAt - MINUTE;
      await t.ok('activity/safety-back', { activityId: activity.activityId }, organiser.token);
      clock = endsAt + 91 * MINUTE;
      await escalation().run();
    }
    expect(await mailsTo(contact)).toHaveLength(CONTACT_ESCALATIONS_PER_WEEK);
    const last = outings.at(-1)!.activityId;
    expect(await notBack(last)).not.toEqual([]);
    const [step] = await t.db
      .select()
      .from(activitySafety)
      .where(and(eq(activitySafety.activityId, last), eq(activitySafety.userId, eve.id)));
    expect(step!.contactsMailedAt).not.toBeNull();
  });

  it('leaves alone what is over for more than a day, and cancelled activities', async () => {
    const { activityId, endsAt } = await outing(1);
    clock = endsAt + 25 * HOUR;
    expect((await escalation().run()).alerted).toBe(0);
    clock = endsAt + 2 * HOUR;
    await t.db
      .update(activities)
      .set({ cancelledAt: new Date(), deletedAt: new Date() })
      .where(eq(activities.id, activityId));
    expect((await escalation().run()).alerted).toBe(0);
  });

  it('answers unknown tokens and rate-limits views per address', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/space/cordata/safety/short' });
    expect(bad.statusCode).toBe(404);
    const limited = await createTestApp({ RATE_LIMITS: 'true' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1)
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: `/api/space/cordata/safety/${'a'.repeat(43)}` })).statusCode,
        );
      expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('emergency contacts and location history', () => {
  it('keeps up to three contacts with distinct addresses', async () => {
    const person = await newUser(t);
    expect((await t.ok('user/emergency-contacts', undefined, person.token)).contacts).toEqual([]);
    const three = [1, 2, 3].map((i) => ({ name: `C${i}`, email: `C${i}@Example.test` }));
    const { contacts } = await t.ok('user/set-emergency-contacts', { contacts: three }, person.token);
    expect(contacts.map((c) => c.email)).toEqual(['c1@example.test', 'c2@example.test', 'c3@example.test']);
    expect(contacts.map((c) => c.confirmed)).toEqual([false, false, false]);
    await setConfirmedContacts(person.token, three);
    const four = await t.call('user/set-emergency-contacts', { contacts: [...three, three[0]!] }, person.token);
    expect(four.status).toBe(400);
    const twice = await t.call('user/set-emergency-contacts', { contacts: [three[0]!, three[0]!] }, person.token);
    expect(twice.body.error?.code).toBe('EMERGENCY_CONTACT_DUPLICATE');
    const { safety } = await (async () => {
      const { activityId } = await outing(0);
      await t.ok('activity/participate', { activityId }, person.token);
      return t.ok('activity/safety', { activityId }, person.token);
    })();
    expect(safety.me.emergencyContacts).toBe(3);
  });

  it('deletes the person’s positions on request, and the purge after 28 days', async () => {
    const { activityId, people, startsAt } = await outing(2);
    const [anna, bruno] = people as [(typeof people)[0], (typeof people)[0]];
    clock = startsAt;
    for (const p of [anna, bruno]) {
      await t.ok('activity/safety-share', { activityId, sharing: true }, p.token);
      expect(await send(await socketOf(p.token), { activityId, latitude: 45, longitude: 9 })).toEqual({ ok: true });
    }
    expect(await t.ok('user/delete-location-history', undefined, anna.token)).toEqual({ deleted: 1 });
    const left = await t.db.select().from(locationPoints).where(eq(locationPoints.activityId, activityId));
    expect(left.map((p) => p.userId)).toEqual([bruno.id]);
    const { createPurge } = await import('../maintenance/purge.ts');
    await createPurge({ db: t.db, now: () => new Date(startsAt + 27 * 24 * HOUR) })();
    expect(await t.db.select().from(locationPoints).where(eq(locationPoints.userId, bruno.id))).toHaveLength(1);
    await createPurge({ db: t.db, now: () => new Date(startsAt + 28 * 24 * HOUR + MINUTE) })();
    expect(await t.db.select().from(locationPoints).where(eq(locationPoints.userId, bruno.id))).toHaveLength(0);
  });
});

describe('an emergency contact confirms first (review M-N2)', () => {
  // Tests here move the clock ahead; the next one starts where the others expect it.
  let started = clock;
  beforeEach(() => {
    started = clock;
  });
  afterEach(() => {
    clock = started;
  });

  it('gets one confirmation mail of our words only: no name, no text the person typed', async () => {
    const eve = await newUser(t, { firstName: 'Mallory', lastName: 'Phisher' });
    const email = `victim-${eve.id}@example.test`;
    await t.ok(
      'user/set-emergency-contacts',
      { contacts: [{ name: 'Reset your password at evil.example', email }] },
      eve.token,
    );
    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    for (const typed of ['evil.example', 'Reset your password', 'Mallory', 'Phisher'])
      for (const part of [mail!.subject, mail!.text, mail!.html ?? '']) expect(part).not.toContain(typed);
    expect(mail!.text).toContain('https://cordata.example/api/space/cordata/safety/confirm-contact/');
    // Saving again within a day sends nothing more; a day later it sends the link again.
    await t.ok('user/set-emergency-contacts', { contacts: [{ name: 'Other words', email }] }, eve.token);
    expect(await confirmationsTo(email)).toHaveLength(1);
    clock += 25 * HOUR;
    await t.ok('user/set-emergency-contacts', { contacts: [{ name: 'Other words', email }] }, eve.token);
    expect(await confirmationsTo(email)).toHaveLength(2);
  });

  it('is never mailed an escalation before confirming; one confirmed address beside it is', async () => {
    // Sessions are made now and last 30 days: the outing must come before that (earlier outings moved `day` on).
    clock = Date.now();
    day = 0;
    const { activityId, people, organiser, endsAt } = await outing(1);
    const [anna] = people as [(typeof people)[0]];
    const confirmed = `yes-${anna.id}@example.test`;
    const unconfirmed = `no-${anna.id}@example.test`;
    await setConfirmedContacts(anna.token, [{ name: 'Yes', email: confirmed }]);
    await t.ok(
      'user/set-emergency-contacts',
      {
        contacts: [
          { name: 'Yes', email: confirmed },
          { name: 'No', email: unconfirmed },
        ],
      },
      anna.token,
    );
    const { contacts } = await t.ok('user/emergency-contacts', undefined, anna.token);
    expect(contacts.map((c) => [c.email, c.confirmed])).toEqual([
      [confirmed, true],
      [unconfirmed, false],
    ]);
    clock = endsAt + 10 * MINUTE;
    await t.ok('activity/safety-back', { activityId }, organiser.token);
    clock = endsAt + 95 * MINUTE;
    await escalation().run();
    const subjectsTo = async (email: string) =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).map((m) => m.subject);
    expect(await subjectsTo(confirmed)).toEqual([
      CONFIRM_SUBJECTS[0],
      `Person0 ${anna.lastName} is not back from Grigna ridge`,
    ]);
    expect(await subjectsTo(unconfirmed)).toEqual([CONFIRM_SUBJECTS[0]]);
  });

  it('confirms by the button only, once, and not after 7 days', async () => {
    const person = await newUser(t);
    const email = `once-${person.id}@example.test`;
    await t.ok('user/set-emergency-contacts', { contacts: [{ name: 'Once', email }] }, person.token);
    const url = confirmPath((await confirmationsTo(email))[0]!.text);
    // A mail scanner that follows the link confirms nothing.
    const shown = await t.app.inject({ method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<form method="post">');
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.body).toContain('<html lang="en">');
    expect(shown.body).toContain(safetyText('en', 'confirmButton'));
    // Not knowing whose link it is, the page speaks the visitor's language.
    const german = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de-CH,de;q=0.9' } });
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain(safetyText('de', 'confirmButton'));
    expect(german.body).not.toContain(safetyText('en', 'confirmButton'));
    expect((await t.ok('user/emergency-contacts', undefined, person.token)).contacts[0]!.confirmed).toBe(false);
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es' };
    const confirmed = await t.app.inject({ method: 'POST', url, headers: form, payload: '' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(safetyText('es', 'confirmedTitle'));
    expect((await t.ok('user/emergency-contacts', undefined, person.token)).contacts[0]!.confirmed).toBe(true);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(404);

    const late = `late-${person.id}@example.test`;
    await t.ok('user/set-emergency-contacts', { contacts: [{ name: 'Late', email: late }] }, person.token);
    const lateUrl = confirmPath((await confirmationsTo(late))[0]!.text);
    clock += 7 * 24 * HOUR + MINUTE;
    expect((await t.app.inject({ method: 'POST', url: lateUrl })).statusCode).toBe(404);
    expect((await t.ok('user/emergency-contacts', undefined, person.token)).contacts[0]!.confirmed).toBe(false);
  });
});
