import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { recordStatements, unprepared } from '../../../test/statements.ts';
import { createPrivacyRepository } from './privacy.repository.ts';
import { zonesForViewer } from './privacy-trim.ts';
import { unmappedPlaces } from './viewer-mapped.ts';

/**
 * Issue 17 and 36: the zones of an answer's organisers are one prepared statement, asked only by the calls whose
 * mappers build places; the viewer's helpers mark what they return as built for that viewer.
 */

describe('zonesForViewer', () => {
  const zone = { latitude: 45.4642, longitude: 9.19, radiusMetres: 300 };
  const inside = { latitude: 45.4643, longitude: 9.1901 };
  const outside = { latitude: 45.5, longitude: 9.3 };
  const zones = zonesForViewer('carl', new Map([['bea', [zone]]]));

  it('applies an owner’s zones to everyone but the owner', () => {
    expect(zones.hides('bea', inside)).toBe(true);
    expect(zones.hides('ada', inside)).toBe(false);
    expect(zonesForViewer('bea', new Map([['bea', [zone]]])).hides('bea', inside)).toBe(false);
    expect(zones.visiblePoints('bea', [inside, outside])).toEqual([outside]);
  });

  it('marks the points and lines it returns as built for this viewer, not the ones given to it', () => {
    const given = [inside, outside];
    expect(unmappedPlaces({ fixes: given })).toHaveLength(2);
    expect(unmappedPlaces({ fixes: zones.visiblePoints('bea', given) })).toEqual([]);
    expect(unmappedPlaces({ line: zones.line('bea', given).points })).toEqual([]);
  });
});

describe('the prepared zones statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The session cache on, as in production: a call's statements are then its own (and the session check's once).
    t = await createTestApp({ SESSION_CACHE_MS: '30000' });
  });
  afterAll(() => t.close());

  it('reads several people’s circles in one statement, on the database and in a transaction', async () => {
    const [ada, bea, carl] = [await newUser(t), await newUser(t), await newUser(t)];
    await t.ok('privacy/add-zone', { latitude: 45.46, longitude: 9.19, radiusMetres: 300 }, ada.token);
    await t.ok('privacy/add-zone', { latitude: 45.47, longitude: 9.2, radiusMetres: 500 }, ada.token);
    await t.ok('privacy/add-zone', { latitude: 45.5, longitude: 9.1, radiusMetres: 200 }, bea.token);
    const repo = createPrivacyRepository(t.db);
    const circles = async (ids: string[], tx = t.db) =>
      (await repo.circlesOf(ids, tx)).map((c) => [c.userId, c.radiusMetres]).sort();
    expect(await circles([ada.id, bea.id, carl.id])).toEqual(
      [
        [ada.id, 300],
        [ada.id, 500],
        [bea.id, 200],
      ].sort(),
    );
    expect(await circles([carl.id])).toEqual([]);
    expect(await circles([])).toEqual([]);
    await t.db.transaction(async (tx) => {
      expect(await circles([bea.id], tx)).toEqual([[bea.id, 200]]);
    });
    for (const row of await repo.circlesOf([bea.id])) {
      expect(typeof row.latitude).toBe('number');
      expect(typeof row.radiusMetres).toBe('number');
    }
    const activity = await newActivity(t, bea);
    expect(await repo.creatorOf(activity.activityId)).toBe(bea.id);
  });

  it("nearby-activities reads its organisers' zones in its own prepared statement; a chat list asks nothing about zones", async () => {
    const [ada, bea] = [await newUser(t), await newUser(t)];
    await newActivity(t, ada);
    await t.ok('activity/nearby-activities', { latitude: 45.46, longitude: 9.19 }, bea.token);
    const nearby = await recordStatements(() =>
      t.ok('activity/nearby-activities', { latitude: 45.46, longitude: 9.19 }, bea.token),
    );
    const chats = await recordStatements(() => t.ok('chat/list-user-chats', {}, bea.token));
    // Statements are seen on PostgreSQL only (PGlite does not go through node-postgres).
    if (t.database.kind !== 'postgres') return;
    expect(unprepared(nearby)).toEqual([]);
    // The page and its organisers' zones (zoneCirclesJsonSql) in one statement, after the session check.
    expect(nearby.filter((s) => s.name !== 'session_lookup').map((s) => s.name)).toEqual([
      expect.stringMatching(/^nearby_/),
    ]);
    expect(nearby.some((s) => s.name === 'privacy_zone_circles')).toBe(false);
    expect(chats.some((s) => s.text.includes('privacy_zones'))).toBe(false);
  });
});
