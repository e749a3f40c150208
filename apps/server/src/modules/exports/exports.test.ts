import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { latestMailCode, newActivity, newUser, reauthenticate, TEST_PASSWORD } from '../../../test/factories.ts';
import { forgeParameter } from '../../../test/forge.ts';
import { activityRecordings, dataExports, locationPoints, mailOutbox, users } from '../../db/schema.ts';
import { trackGpx } from '../activities/activity-route.ts';
import { buildExportFiles } from './export-archive.ts';

// Every GPX parse on this thread is seen: the export must make none (review M-N1).
vi.mock('../activities/activity-route.ts', async (original) => {
  const real = await original<typeof import('../activities/activity-route.ts')>();
  return { ...real, trackGpx: vi.fn(real.trackGpx) };
});

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t?.close());

const service = () => t.modules.services.exports;

/** The export/request call as the app makes it: the password entered again just before. */
async function requestExport(token: string) {
  await reauthenticate(t, token);
  return t.ok('export/request', undefined, token);
}

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
    // A recording of the outing (issue 42), as it is kept.
    await t.db.insert(activityRecordings).values({
      activityId: activity.activityId,
      userId: me.id,
      source: 'FILE',
      startedAt: recordedAt,
      endedAt: recordedAt,
      movingSeconds: 3600,
      distance: 8000,
      onRouteShare: 0.9,
      line: [[45.93, 9.38]],
    });

    const { export: asked } = await requestExport(me.token);
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
        'recordings.json',
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
    expect(JSON.parse(read('recordings.json'))).toMatchObject({
      strava: null,
      recordings: [
        {
          activityId: activity.activityId,
          source: 'FILE',
          movingSeconds: 3600,
          line: [{ latitude: 45.93, longitude: 9.38 }],
        },
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
    await requestExport(me.token);
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

  it('mails the link in the person’s language, with the last day as they write it', async () => {
    const [english, french] = [await newUser(t), await newUser(t)];
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.id));
    for (const me of [english, french]) await requestExport(me.token);
    await service().runPending();
    const mailOf = async (me: { email: string; token: string }, locale: string) => {
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, me.email));
      const ready = (await t.ok('export/latest', undefined, me.token)).export!;
      const [intro, link, ...rest] = mail!.text.split('\n\n');
      expect(link!.endsWith(ready.downloadUrl!), link).toBe(true);
      const until = new Date(ready.expiresAt!).toLocaleDateString(locale, { timeZone: 'UTC' });
      return { subject: mail!.subject, intro, rest, until };
    };
    const en = await mailOf(english, 'en-GB');
    expect(en.subject).toBe('Your Cordata data is ready');
    expect(en.intro).toBe(`Your data export is ready. Download it here until ${en.until}:`);
    expect(en.rest).toEqual(['If you did not ask for it, change your password.']);
    const fr = await mailOf(french, 'fr-FR');
    expect(fr.subject).toBe('Tes données Cordata sont prêtes');
    expect(fr.intro).toBe(`Ton export de données est prêt. Télécharge-le ici jusqu’au ${fr.until} :`);
    expect(fr.rest).toEqual(['Si tu ne l’as pas demandé, change ton mot de passe.']);
  });

  it('goes with the account', async () => {
    const me = await newUser(t);
    await requestExport(me.token);
    await service().runPending();
    const url = (await t.ok('export/latest', undefined, me.token)).export!.downloadUrl!;
    await reauthenticate(t, me.token);
    await t.ok('user/delete-account', undefined, me.token);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, me.id))).toEqual([]);
    expect((await download(url)).statusCode).toBe(404);
  });

  it('needs the password entered again moments before (review L-N3)', async () => {
    const me = await newUser(t);
    const refused = await t.call('export/request', undefined, me.token);
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'REAUTH_REQUIRED']);
    await reauthenticate(t, me.token);
    clock += 5 * 60_000 + 1_000;
    expect((await t.call('export/request', undefined, me.token)).body.error?.code).toBe('REAUTH_REQUIRED');
    clock = Date.now();
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, me.id))).toEqual([]);
  });

  const newPassword = {
    change: (me: { token: string }) =>
      t.ok(
        'auth/email/confirm-change-password',
        { currentPassword: TEST_PASSWORD, password: 'Another#Ridge77' },
        me.token,
      ),
    reset: async (me: { email: string }) => {
      await t.ok('auth/email/send-reset-password-otp', { email: me.email });
      const code = await latestMailCode(t, me.email);
      const { resetToken } = await t.ok('auth/email/verify-password-otp', { email: me.email, code });
      await t.ok('auth/email/reset-password', { resetToken, password: 'Another#Ridge77' });
    },
  };

  it.each(['change', 'reset'] as const)(
    'dies with a password %s: the ready file and the pending export go (review L-N3)',
    async (how) => {
      const me = await newUser(t);
      await requestExport(me.token);
      await service().runPending();
      const url = (await t.ok('export/latest', undefined, me.token)).export!.downloadUrl!;
      expect((await download(url)).statusCode).toBe(200);
      await t.ok('export/request', undefined, me.token);
      await newPassword[how](me);
      expect((await download(url)).statusCode).toBe(404);
      expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, me.id))).toEqual([]);
    },
  );

  it("writes other organisers' routes from their stored line, never parsing their file here (review M-N1)", async () => {
    const organiser = await newUser(t);
    const rows = Array.from(
      { length: 50 },
      (_, i) => `<trkpt lat="${(45.86 + i / 1e3).toFixed(5)}" lon="9.40000"><ele>${300 + i}</ele></trkpt>`,
    );
    const gpx = `<gpx version="1.1"><trk><trkseg>${rows.join('')}</trkseg></trk></gpx>`;
    const theirs = await newActivity(t, organiser, { name: 'Their ride', route: { mode: 'GPX', gpx } });
    const me = await newUser(t);
    await t.ok('activity/participate', { activityId: theirs.activityId }, me.token);
    const mine = await newActivity(t, me, { name: 'My ride', route: { mode: 'GPX', gpx } });
    vi.mocked(trackGpx).mockClear();

    const files = await buildExportFiles(me.id, new Date(clock), t.db);
    expect(trackGpx).not.toHaveBeenCalled();
    expect(strFromU8(files[`activities/${mine.activityId}.gpx`]!)).toBe(gpx);
    const written = strFromU8(files[`activities/${theirs.activityId}.gpx`]!);
    expect(written).toContain('<name>Their ride</name>');
    expect(written.match(/<trkpt /g)?.length).toBeGreaterThan(1);
    expect(written).not.toBe(gpx);

    // At most so many activities' routes, the latest ones, and the README says so.
    const capped = await buildExportFiles(me.id, new Date(clock), t.db, 1);
    expect(Object.keys(capped).filter((name) => name.endsWith('.gpx'))).toHaveLength(1);
    expect(strFromU8(capped['README.txt']!)).toMatch(/latest 200/);
  });

  it('is only for the caller', async () => {
    expect((await t.call('export/request')).status).toBe(401);
    expect((await t.call('export/latest')).status).toBe(401);
    const other = await newUser(t);
    expect((await t.ok('export/latest', undefined, other.token)).export).toBeNull();
  });
});
