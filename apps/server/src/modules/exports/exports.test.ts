import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser, reauthenticate } from '../../../test/factories.ts';
import { forgeParameter } from '../../../test/forge.ts';
import { dataExports, locationPoints, mailOutbox } from '../../db/schema.ts';

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t?.close());

const service = () => t.modules.services.exports;

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res;
}

describe('data export', () => {
  it('prepares a ZIP of everything the person has (JSON, GPX, ICS), mails a link and serves it', async () => {
    const me = await newUser(t);
    const friend = await newUser(t);
    await t.ok('user/request-connection', { userId: friend.id }, me.token);
    const activity = await newActivity(t, me, { name: 'Grigna ridge' });
    await t.ok(
      'chat/send-message',
      { chatId: activity.chatId!, text: 'See you at 8', clientMessageId: 'm1' },
      me.token,
    );
    await t.ok('gear/add-item', { activityId: activity.activityId, name: 'Thermos', personal: true }, me.token);
    // A direct message to a contact is exported with whom it was.
    const pal = await newUser(t);
    await t.ok('user/request-connection', { userId: me.id }, pal.token);
    await t.ok('user/accept-connection', { userId: pal.id }, me.token);
    const { chat: direct } = await t.ok('chat/open-direct', { userId: pal.id }, me.token);
    await t.ok('chat/send-message', { chatId: direct.chatId, text: 'Ciao', clientMessageId: 'm2' }, me.token);

    // What the safety loop and the privacy zones keep (issue 23).
    await t.ok('user/set-emergency-contacts', { contacts: [{ name: 'Mamma', email: 'mamma@example.test' }] }, me.token);
    await t.ok('privacy/add-zone', { latitude: 45.9, longitude: 9.4, radiusMetres: 300, label: 'Home' }, me.token);
    const recordedAt = new Date(clock);
    await t.db
      .insert(locationPoints)
      .values({ activityId: activity.activityId, userId: me.id, latitude: 45.93, longitude: 9.38, recordedAt });

    const { export: asked } = await t.ok('export/request', undefined, me.token);
    expect(asked).toMatchObject({ status: 'PENDING', downloadUrl: null });
    // A second tap while it is prepared is the same export.
    expect((await t.ok('export/request', undefined, me.token)).export.exportId).toBe(asked.exportId);

    // Two instances run the job at once: it is built once.
    const built = await Promise.all([service().runPending(), service().runPending()]);
    expect(built.reduce((a, b) => a + b, 0)).toBe(1);

    const { export: ready } = await t.ok('export/latest', undefined, me.token);
    expect(ready).toMatchObject({ exportId: asked.exportId, status: 'READY' });
    expect(new Date(ready!.expiresAt!).getTime() - new Date(ready!.readyAt!).getTime()).toBe(7 * 86_400_000);

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, me.email));
    expect(mail?.text).toContain(ready!.downloadUrl!);

    const res = await download(ready!.downloadUrl!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const read = (name: string) => strFromU8(files[name]!);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'profile.json',
        'contacts.json',
        'activities.json',
        `activities/${activity.activityId}.gpx`,
        'groups.json',
        'messages.json',
        'notifications.json',
        'gear.json',
        'safety.json',
        'calendar.ics',
      ]),
    );
    expect(JSON.parse(read('profile.json'))).toMatchObject({ userId: me.id, email: me.email });
    expect(JSON.parse(read('contacts.json'))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ person: expect.objectContaining({ userId: friend.id }), status: 'REQUEST_SENT' }),
        expect.objectContaining({ person: expect.objectContaining({ userId: pal.id }), status: 'CONTACT' }),
      ]),
    );
    expect(JSON.parse(read('activities.json'))).toMatchObject([{ name: 'Grigna ridge', createdByMe: true }]);
    expect(JSON.parse(read('messages.json'))).toMatchObject([
      { text: 'See you at 8', chat: { activityId: activity.activityId } },
      { text: 'Ciao', chat: { directWith: pal.id } },
    ]);
    expect(JSON.parse(read('gear.json'))).toMatchObject([{ name: 'Thermos', kind: 'MY_CHECKLIST' }]);
    expect(JSON.parse(read('safety.json'))).toMatchObject({
      emergencyContacts: [{ name: 'Mamma', email: 'mamma@example.test' }],
      privacyZones: [{ label: 'Home', chosen: { latitude: 45.9, longitude: 9.4 }, circle: { radiusMetres: 300 } }],
      attendance: [],
      sharedPositions: [
        { activityId: activity.activityId, latitude: 45.93, longitude: 9.38, recordedAt: recordedAt.toISOString() },
      ],
    });
    expect(read(`activities/${activity.activityId}.gpx`)).toContain('<gpx');
    expect(read('calendar.ics')).toContain('SUMMARY:Grigna ridge');
    // Nobody else's e-mail address travels in someone's export.
    expect(
      Object.values(files)
        .map((f) => strFromU8(f))
        .join('\n'),
    ).not.toContain(friend.email);
  });

  it('refuses a forged or expired link, and deletes exports after 7 days', async () => {
    const me = await newUser(t);
    await t.ok('export/request', undefined, me.token);
    await service().runPending();
    const url = (await t.ok('export/latest', undefined, me.token)).export!.downloadUrl!;
    expect((await download(forgeParameter(url, 'signature'))).statusCode).toBe(404);
    expect((await download(url.replace(/expires=\d+/, 'expires=99999999999'))).statusCode).toBe(404);
    expect((await download(url.replace(/exports\/[^?]+/, 'exports/../../etc'))).statusCode).toBe(404);

    clock += 7 * 86_400_000 + 60_000;
    expect(await service().removeExpired()).toBeGreaterThanOrEqual(1);
    expect((await download(url)).statusCode).toBe(404);
    expect((await t.ok('export/latest', undefined, me.token)).export).toBeNull();
    clock = Date.now();
  });

  it('goes with the account', async () => {
    const me = await newUser(t);
    await t.ok('export/request', undefined, me.token);
    await service().runPending();
    const url = (await t.ok('export/latest', undefined, me.token)).export!.downloadUrl!;
    await reauthenticate(t, me.token);
    await t.ok('user/delete-account', undefined, me.token);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, me.id))).toEqual([]);
    expect((await download(url)).statusCode).toBe(404);
  });

  it('is only for the caller', async () => {
    expect((await t.call('export/request')).status).toBe(401);
    expect((await t.call('export/latest')).status).toBe(401);
    const other = await newUser(t);
    expect((await t.ok('export/latest', undefined, other.token)).export).toBeNull();
  });
});
