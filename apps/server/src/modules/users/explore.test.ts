import type { CallInput } from '@cordata/contract';
import { eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { users } from '../../db/schema.ts';
import { createUsersRepository } from './users.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MILANO = { latitude: 45.4642, longitude: 9.19 };
const MONZA = { latitude: 45.5845, longitude: 9.2744 }; // about 15 km
const TORINO = { latitude: 45.0703, longitude: 7.6869 }; // about 126 km

const explore = async (token: string, body: CallInput<'user/explore-contacts'> = {}) =>
  (await t.ok('user/explore-contacts', body, token)).users;

describe('user/explore-contacts', () => {
  it('finds people by name or username, without accents or case, and never the caller, deleted or unfinished accounts', async () => {
    const me = await newUser(t, { firstName: 'Searcher', username: 'searcher1' });
    const nicolo = await newUser(t, { firstName: 'Nicolò', lastName: 'Sàla', username: 'nicoTrail' });
    const nicola = await newUser(t, { firstName: 'Nicola', lastName: 'Rossi' });
    const deleted = await newUser(t, { firstName: 'Nicolas' });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    await newUser(t, { firstName: 'Nicoletta', completed: false });

    expect((await explore(me.token, { query: 'NICOLO' })).map((u) => u.userId)).toEqual([nicolo.id]);
    expect((await explore(me.token, { query: 'sala nico' })).map((u) => u.userId)).toEqual([nicolo.id]);
    const both = (await explore(me.token, { query: 'nicol' })).map((u) => u.userId);
    expect(both.sort()).toEqual([nicolo.id, nicola.id].sort());
    expect((await explore(me.token, { query: 'nicotrail' })).map((u) => u.userId)).toEqual([nicolo.id]);
    expect(await explore(me.token, { query: 'searcher' })).toEqual([]);
    // When no name contains the words, a typo still finds the person, by similarity.
    expect((await explore(me.token, { query: 'nicolla' })).map((u) => u.userId)).toContain(nicola.id);
    // LIKE wildcards are taken literally.
    expect(await explore(me.token, { query: '%' })).toEqual([]);
  });

  it('a username typed in full ranks first, then names that start with the words', async () => {
    const me = await newUser(t);
    const contains = await newUser(t, { firstName: 'Giovanna', lastName: 'Zeta', username: 'zzgiova' });
    const starts = await newUser(t, { firstName: 'Anna', lastName: 'Zeta', username: 'zzanna' });
    const exact = await newUser(t, { firstName: 'Pietro', lastName: 'Zeta', username: 'anna' });
    expect((await explore(me.token, { query: 'anna' })).map((u) => u.userId)).toEqual([
      exact.id,
      starts.id,
      contains.id,
    ]);
  });

  it('ranks shared sports at a similar intensity first, then nearness', async () => {
    const me = await newUser(t, {
      home: MILANO,
      sports: [
        { sportId: 'trail-running', kind: 'DISTANCE', value: 20_000 },
        { sportId: 'hiking', kind: 'ELEVATION', value: 1000 },
      ],
    });
    const tag = `rank${Date.now()}`;
    const make = (
      lastName: string,
      home: typeof MILANO,
      sports: NonNullable<Parameters<typeof newUser>[1]>['sports'],
    ) => newUser(t, { firstName: tag, lastName, home, sports });
    const twoSharedClose = await make('A', TORINO, [
      { sportId: 'trail-running', kind: 'DISTANCE', value: 21_000 },
      { sportId: 'hiking', kind: 'ELEVATION', value: 900 },
    ]);
    const oneSharedSimilar = await make('B', MONZA, [{ sportId: 'trail-running', kind: 'DISTANCE', value: 20_000 }]);
    const oneSharedFarIntensity = await make('C', MONZA, [
      { sportId: 'trail-running', kind: 'DISTANCE', value: 100_000 },
    ]);
    const noneShared = await make('D', MILANO, [{ sportId: 'kayaking', kind: 'DISTANCE', value: 10_000 }]);

    const found = await explore(me.token, { query: tag });
    expect(found.map((u) => u.userId)).toEqual([
      twoSharedClose.id,
      oneSharedSimilar.id,
      oneSharedFarIntensity.id,
      noneShared.id,
    ]);
    expect(found[0]!.sharedSports).toEqual(['hiking', 'trail-running']);
    expect(found[3]!.sharedSports).toEqual([]);
    expect(found[1]!.distanceKm).toBeGreaterThan(10);
    expect(found[1]!.distanceKm).toBeLessThan(20);
    expect(found[0]!.distanceKm).toBeGreaterThan(100);

    // Same sports: the nearer person first.
    const near = await make('E', MILANO, [{ sportId: 'trail-running', kind: 'DISTANCE', value: 20_000 }]);
    const ranked = (await explore(me.token, { query: tag })).map((u) => u.userId);
    expect(ranked.indexOf(near.id)).toBe(ranked.indexOf(oneSharedSimilar.id) - 1);
  });

  it('filters by sport and by distance from a point', async () => {
    const me = await newUser(t);
    const tag = `filter${Date.now()}`;
    const climberNear = await newUser(t, {
      firstName: tag,
      home: MONZA,
      sports: [{ sportId: 'climbing', kind: 'TIME', value: 120 }],
    });
    const climberFar = await newUser(t, {
      firstName: tag,
      home: TORINO,
      sports: [{ sportId: 'climbing', kind: 'TIME', value: 120 }],
    });
    const runnerNear = await newUser(t, { firstName: tag, home: MILANO });
    const noHome = await newUser(t, { firstName: tag, sports: [{ sportId: 'climbing', kind: 'TIME', value: 60 }] });

    const ids = async (body: object) => (await explore(me.token, { query: tag, ...body })).map((u) => u.userId).sort();
    expect(await ids({ sportIds: ['climbing'] })).toEqual([climberNear.id, climberFar.id, noHome.id].sort());
    expect(await ids({ near: { ...MILANO, radiusKm: 30 } })).toEqual([climberNear.id, runnerNear.id].sort());
    expect(await ids({ near: { ...MILANO, radiusKm: 30 }, sportIds: ['climbing'] })).toEqual([climberNear.id]);
    expect(await ids({ near: { ...MILANO, radiusKm: 200 } })).toEqual(
      [climberNear.id, climberFar.id, runnerNear.id].sort(),
    );
    expect(await ids({ near: MILANO })).toEqual([climberNear.id, runnerNear.id].sort()); // 50 km by default
  });

  it('without a name or a place, looks for partners within 100 km of home', async () => {
    const me = await newUser(t, { home: MILANO, sports: [{ sportId: 'kayaking', kind: 'TIME', value: 60 }] });
    const near = await newUser(t, { home: MONZA, sports: [{ sportId: 'kayaking', kind: 'TIME', value: 60 }] });
    const far = await newUser(t, { home: TORINO, sports: [{ sportId: 'kayaking', kind: 'TIME', value: 60 }] });
    const ids = (await explore(me.token, { sportIds: ['kayaking'] })).map((u) => u.userId);
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(far.id);
    const byName = (await explore(me.token, { query: far.username!, sportIds: ['kayaking'] })).map((u) => u.userId);
    expect(byName).toEqual([far.id]);
  });

  it('with neither a name nor a place, ranks only the people online most recently (review M8)', async () => {
    const me = await newUser(t, { firstName: 'Homeless' });
    const people = [];
    for (const [firstName, hoursAgo] of [
      ['Recent', 1],
      ['Older', 48],
      ['Oldest', 24 * 30],
    ] as const) {
      const person = await newUser(t, { firstName });
      await t.db
        .update(users)
        .set({ lastOnlineAt: new Date(Date.now() - hoursAgo * 3_600_000 - 1000 * people.length) })
        .where(eq(users.id, person.id));
      people.push(person);
    }
    // Everyone else of this file's database was online more recently than these three, or never.
    await t.db
      .update(users)
      .set({ lastOnlineAt: null })
      .where(
        notInArray(
          users.id,
          people.map((p) => p.id),
        ),
      );
    const repository = createUsersRepository(t.db);
    const ranked = await repository.explore(me.id, {
      words: [],
      sportIds: [],
      near: null,
      limit: 10,
      offset: 0,
      candidates: 2,
    });
    expect(ranked.map((r) => r.userId)).toEqual([people[0]!.id, people[1]!.id]);
    // Through the call, the same search answers (with the default number of candidates).
    expect((await explore(me.token)).slice(0, 3).map((u) => u.userId)).toEqual(people.map((p) => p.id));
  });

  it('shows the connection with each person and pages the results', async () => {
    const me = await newUser(t);
    const tag = `page${Date.now()}`;
    const people: Awaited<ReturnType<typeof newUser>>[] = [];
    for (let i = 0; i < 5; i++) people.push(await newUser(t, { firstName: tag }));
    await t.ok('user/request-connection', { userId: people[0]!.id }, me.token);
    const first = await explore(me.token, { query: tag, pagination: { page: 1, limit: 3 } });
    const second = await explore(me.token, { query: tag, pagination: { page: 2, limit: 3 } });
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(2);
    const all = [...first, ...second];
    expect(new Set(all.map((u) => u.userId)).size).toBe(5);
    expect(all.find((u) => u.userId === people[0]!.id)?.connection).toBe('REQUEST_SENT');
    expect(all.filter((u) => u.connection === 'NONE')).toHaveLength(4);
  });

  it('refuses a bad body with 400', async () => {
    const me = await newUser(t);
    for (const body of [
      { near: { latitude: 100, longitude: 0 } },
      { sportIds: ['Not A Sport'] },
      { query: 'x'.repeat(61) },
    ]) {
      expect((await t.call('user/explore-contacts', body as never, me.token)).status).toBe(400);
    }
  });
});

describe('a home is never given away (review M4)', () => {
  it('answers the same for every centre and radius inside one ~2 km cell, so a search cannot trilaterate it', async () => {
    const target = await newUser(t, {
      firstName: `hidden${Date.now()}`,
      home: { latitude: 45.4731, longitude: 9.1873 },
    });
    const me = await newUser(t);
    const seen = async (latitude: number, longitude: number, radiusKm: number) => {
      const { users: found } = await t.ok(
        'user/explore-contacts',
        { query: target.firstName!, near: { latitude, longitude, radiusKm } },
        me.token,
      );
      return found.find((u) => u.userId === target.id)?.distanceKm ?? null;
    };
    // Binary-searching a radius from one centre stops at the cell, not at the home: the distances
    // found are whole kilometres from the cell's centre.
    const distances = new Set<number | null>();
    for (const radiusKm of [1.2, 1.25, 1.3, 1.35, 1.4, 1.45, 1.5, 2, 3])
      distances.add(await seen(45.46, 9.18, radiusKm));
    for (const d of distances) if (d !== null) expect(Number.isInteger(d)).toBe(true);
    // Centres 100 m apart around the true home cannot tell where in the cell it is.
    const answers = new Set<number | null>();
    for (const [dLat, dLng] of [
      [0, 0],
      [0.001, 0],
      [0, 0.001],
      [-0.001, 0],
      [0, -0.001],
    ] as const) {
      answers.add(await seen(45.4731 + dLat, 9.1873 + dLng, 0.5));
    }
    expect(answers.size).toBe(1);
  });
});
