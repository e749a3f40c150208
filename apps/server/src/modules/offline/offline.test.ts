import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallName, PACK_BUFFER_METRES, PACK_CALLS } from '@cordata/contract';
import { PMTiles, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { coveringTilesAt } from '../maps/pack-cut.ts';
import { pmtilesArchive } from '../maps/pmtiles-fixture.ts';
import { packGeometry } from './offline.service.ts';

/** Every tile of zooms 0 to 16 around Milan (and a few elsewhere), each with its own bytes: the cut is checked by them. */
function fixtureBasemap(): Uint8Array {
  const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
  const lon = 9.19;
  const lat = 45.46;
  for (let z = 0; z <= 16; z++) {
    const n = 2 ** z;
    const cx = Math.floor(((lon + 180) / 360) * n);
    const r = (lat * Math.PI) / 180;
    const cy = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
    const reach = z < 10 ? 2 : 12;
    for (let x = Math.max(0, cx - reach); x <= Math.min(n - 1, cx + reach); x++) {
      for (let y = Math.max(0, cy - reach); y <= Math.min(n - 1, cy + reach); y++) {
        tiles.push({ z, x, y, data: new TextEncoder().encode(`tile ${z}/${x}/${y}`) });
      }
    }
  }
  return pmtilesArchive(tiles);
}

/** A pmtiles Source over bytes in memory. */
const bytesSource = (bytes: Uint8Array): Source => ({
  getKey: () => 'memory',
  getBytes: async (offset, length) => ({ data: bytes.slice(offset, offset + length).buffer as ArrayBuffer }),
});

describe('the outing pack (issue 38)', () => {
  let t: TestApp;
  let folder: string;
  let now = new Date();
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cordata-pack-'));
    writeFileSync(join(folder, 'basemap.pmtiles'), fixtureBasemap());
    t = await createTestApp({ MAP_PMTILES_PATH: join(folder, 'basemap.pmtiles') }, { now: () => now });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Each answer of the pack, compared with the same call made by the same person through HTTP. */
  async function expectSameAsCalls(activityId: string, token: string) {
    const pack = await t.ok('offline/build-pack', { activityId }, token);
    expect(pack.activityId).toBe(activityId);
    for (const answer of pack.answers) {
      const real = await t.call(answer.call as CallName, answer.body as never, token);
      expect(real.status, answer.call).toBe(200);
      expect(answer.response, answer.call).toEqual(real.body);
    }
    // A call left out of the pack is one that refuses this person.
    for (const call of PACK_CALLS) {
      if (pack.answers.some((a) => a.call === call)) continue;
      if (call === 'chat/list-messages' || call === 'activity/list-participants') continue;
      const real = await t.call(call, { activityId } as never, token);
      expect(real.status, call).not.toBe(200);
    }
    return pack;
  }

  it('holds, for the organiser and a participant, exactly what each call answers them', async () => {
    const organiser = await newUser(t);
    const runner = await newUser(t);
    const activity = await newActivity(t, organiser);
    await t.ok('activity/participate', { activityId: activity.activityId }, runner.token);
    const { activity: seen } = await t.ok('activity/read-info', { activityId: activity.activityId }, runner.token);
    await t.ok(
      'chat/send-message',
      { chatId: seen.chatId!, text: 'See you at the start', clientMessageId: 'pack-test-1' } as never,
      runner.token,
    );

    const own = await expectSameAsCalls(activity.activityId, organiser.token);
    const calls = own.answers.map((a) => a.call);
    expect(calls).toEqual(expect.arrayContaining(['activity/read-info', 'activity/list-participants', 'gear/list']));
    const participants = own.answers.find((a) => a.call === 'activity/list-participants')!;
    // The body the web app sends for the first page (state/queries/activity.ts).
    expect(participants.body).toEqual({ activityId: activity.activityId, pagination: { page: 1, limit: 10 } });
    // The body the chat sends (chat/agent.ts): the chat's id and CHAT_PAGE_SIZE.
    const chat = own.answers.find((a) => a.call === 'chat/list-messages')!;
    expect(chat.body).toEqual({ chatId: seen.chatId, limit: 30 });
    expect(JSON.stringify(chat.response)).toContain('See you at the start');

    await expectSameAsCalls(activity.activityId, runner.token);
  });

  it('holds, for a participant, the route and start an organiser’s privacy zone hides, hidden', async () => {
    const organiser = await newUser(t);
    const runner = await newUser(t);
    const start = { latitude: 45.4642, longitude: 9.19 };
    await t.ok('privacy/add-zone', { ...start, radiusMetres: 500 }, organiser.token);
    const activity = await newActivity(t, organiser, { access: 'CLOSED' });
    await t.ok('activity/request-access', { activityId: activity.activityId }, runner.token);
    await t.ok('activity/accept-request', { activityId: activity.activityId, userId: runner.id }, organiser.token);

    const pack = await expectSameAsCalls(activity.activityId, runner.token);
    const info = pack.answers.find((a) => a.call === 'activity/read-info')!.response as {
      activity: Parameters<typeof packGeometry>[0];
    };
    expect(info.activity.start).toBeNull();
    expect(info.activity.route.hiddenByPrivacy).toBe(true);
    // The cut follows only what the runner sees: its bounds are those of the visible geometry.
    expect(pack.tiles).not.toBeNull();
    const [west, south] = pack.tiles!.bounds;
    const visible = packGeometry(info.activity).flat();
    const minLat = Math.min(...visible.map((p) => p.latitude));
    expect(south).toBeCloseTo(minLat - PACK_BUFFER_METRES / 111_320, 5);
    expect(west).toBeGreaterThan(-180);
  });

  it('is refused to the waitlist, visitors and strangers; unknown activities are not found', async () => {
    const organiser = await newUser(t);
    const visitor = await newUser(t);
    const activity = await newActivity(t, organiser);
    for (const call of ['offline/build-pack', 'offline/pack-size'] as const) {
      const refused = await t.call(call, { activityId: activity.activityId }, visitor.token);
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe('FORBIDDEN');
      const missing = await t.call(call, { activityId: '00000000-0000-4000-8000-000000000000' }, visitor.token);
      expect(missing.status).toBe(404);
      expect(missing.body.error?.code).toBe('ACTIVITY_NOT_FOUND');
    }
  });

  it('cuts exactly the covering tiles into an archive the PMTiles reader reads, sized exactly, behind a link that expires', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser);
    const pack = await t.ok('offline/build-pack', { activityId: activity.activityId }, organiser.token);
    const size = await t.ok('offline/pack-size', { activityId: activity.activityId }, organiser.token);
    expect(size.answersBytes).toBe(Buffer.byteLength(JSON.stringify(pack.answers)));
    const tiles = pack.tiles!;
    expect(tiles.url).toMatch(/^\/maps\/packs\/[A-Za-z0-9_.-]+\.pmtiles$/);
    expect(tiles.maxZoom).toBe(15);
    expect(size.tilesBytes).toBe(tiles.bytes);

    const whole = await t.app.inject({ method: 'GET', url: tiles.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('application/vnd.pmtiles');
    expect(whole.rawPayload.length).toBe(tiles.bytes);
    const part = await t.app.inject({ method: 'GET', url: tiles.url, headers: { range: 'bytes=0-126' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-126/${tiles.bytes}`);

    const reader = new PMTiles(bytesSource(new Uint8Array(whole.rawPayload)));
    const header = await reader.getHeader();
    expect([header.minZoom, header.maxZoom]).toEqual([0, 15]);
    const info = pack.answers.find((a) => a.call === 'activity/read-info')!.response as {
      activity: Parameters<typeof packGeometry>[0];
    };
    const geometry = packGeometry(info.activity);
    let count = 0;
    for (let z = 0; z <= 15; z++) {
      const covering = coveringTilesAt(geometry, PACK_BUFFER_METRES, z);
      for (const c of covering) {
        const tile = await reader.getZxy(c.z, c.x, c.y);
        expect(new TextDecoder().decode(tile!.data)).toBe(`tile ${c.z}/${c.x}/${c.y}`);
      }
      count += covering.length;
      // A tile just past the covering ones is not in the cut.
      const xs = covering.map((c) => c.x);
      const past = Math.max(...xs) + 1;
      if (past < 2 ** z) expect(await reader.getZxy(z, past, covering[0]!.y)).toBeUndefined();
    }
    expect(header.numAddressedTiles).toBe(count);
    expect(await reader.getZxy(16, 0, 0)).toBeUndefined();

    // Tampered, then expired: 404 with a body that says why, never a 500.
    const tampered = await t.app.inject({
      method: 'GET',
      url: tiles.url.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`),
    });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().error.message).toMatch(/not valid/);
    const saved = now;
    now = new Date(now.getTime() + 16 * 60_000);
    try {
      const expired = await t.app.inject({ method: 'GET', url: tiles.url });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.message).toMatch(/expired/);
    } finally {
      now = saved;
    }
  });

  it('opens its map only while the person still takes part: leaving within the link’s minutes closes it', async () => {
    const organiser = await newUser(t);
    const runner = await newUser(t);
    const activity = await newActivity(t, organiser);
    await t.ok('activity/participate', { activityId: activity.activityId }, runner.token);
    const { tiles } = await t.ok('offline/build-pack', { activityId: activity.activityId }, runner.token);
    expect((await t.app.inject({ method: 'GET', url: tiles!.url })).statusCode).toBe(200);

    await t.ok('activity/exit', { activityId: activity.activityId }, runner.token);
    const after = await t.app.inject({ method: 'GET', url: tiles!.url });
    expect(after.statusCode).toBe(404);
    expect(after.json().error.message).toBe('This map is only for the people taking part');
  });

  it('keeps a cut while it is used, and deletes it two days after its last use', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser);
    const build = () => t.ok('offline/build-pack', { activityId: activity.activityId }, organiser.token);
    // The cut a link opens: the file named by the key the link carries (pack-link.ts).
    const token = (await build()).tiles!.url.split('/').pop()!.split('.')[0]!;
    const file = join(
      t.config.dataDir,
      'packs',
      `${Buffer.from(token, 'base64url').subarray(36).toString('hex')}.pmtiles`,
    );
    const purge = t.modules.jobs.find((job) => job.name === 'pack-cuts')!;
    const saved = now;
    try {
      now = new Date(saved.getTime() + 47 * 3_600_000);
      await purge.run();
      expect(existsSync(file)).toBe(true);
      // Saved again a day before it would have gone: kept two more days from now.
      await build();
      now = new Date(now.getTime() + 47 * 3_600_000);
      await purge.run();
      expect(existsSync(file)).toBe(true);
      now = new Date(now.getTime() + 2 * 3_600_000);
      expect(await purge.run()).toBeGreaterThanOrEqual(1);
      expect(existsSync(file)).toBe(false);
      // Saved once more: cut again.
      const again = await build();
      expect((await t.app.inject({ method: 'GET', url: again.tiles!.url })).statusCode).toBe(200);
    } finally {
      now = saved;
    }
  });
});
