import { type CallName, callNames, calls } from '@cordata/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type Mode, makeSample, random } from '../../../test/contract-samples.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { recordStatements, unprepared } from '../../../test/statements.ts';
import type { Handlers } from '../../http/handlers.ts';
import { createPrivacyRepository, type ZoneCircleRow } from './privacy.repository.ts';
import {
  activityOwners,
  callsCarryingActivities,
  createPrivacyTrim,
  ROUTE_POINT_CALLS,
  withPrivacyTrim,
} from './privacy-trim.ts';

/**
 * Issue 17: only the calls whose answers may carry an activity go through the privacy trim, and the zones of an
 * answer's organisers are one prepared statement. These tests prove that nothing that must be trimmed escapes it.
 */

const carrying = callsCarryingActivities(calls);

describe('the calls trimmed, read from the contract', () => {
  it.each(callNames.map((name) => [name]))('%s: trimmed exactly when its answers may carry an activity', (name) => {
    const schema = calls[name as CallName].response as z.ZodType;
    let found = false;
    const modes: [Mode, number][] = [
      ['full', 0],
      ...Array.from({ length: 6 }, (_, i): [Mode, number] => ['random', i + 1]),
    ];
    for (const [mode, seed] of modes) {
      const answer = makeSample(schema, mode, random(seed), name);
      if (activityOwners(answer).size > 0) {
        found = true;
        expect(carrying.has(name), `${name} ${mode} ${seed}`).toBe(true);
      }
    }
    // And the other way: every call trimmed for its activities has answers with one.
    if (!ROUTE_POINT_CALLS.includes(name as CallName)) expect(found).toBe(carrying.has(name));
  });

  it('holds the activity calls and the route-point calls, and none of the others', () => {
    for (const name of [
      'activity/nearby-activities',
      'activity/list-daily',
      'activity/read-info',
      'activity/participate',
      'activity/exit',
      'group/list-activities',
      ...ROUTE_POINT_CALLS,
    ]) {
      expect(carrying.has(name), name).toBe(true);
    }
    for (const name of [
      'activity/count-daily',
      'chat/list-user-chats',
      'chat/list-messages',
      'chat/send-message',
      'auth/email/sign-in',
      'notification/list-by-user',
    ]) {
      expect(carrying.has(name), name).toBe(false);
    }
  });

  it('wraps exactly those handlers; the others are the handlers themselves', async () => {
    const seen: string[] = [];
    const handler = async () => ({ ok: true });
    const handlers = { 'activity/nearby-activities': handler, 'chat/list-user-chats': handler } as unknown as Handlers;
    const trim = {
      trimAnswer: async (_viewer: string | null, call: CallName, _body: unknown, answer: unknown) => {
        seen.push(call);
        return answer;
      },
    };
    const wrapped = withPrivacyTrim(handlers, trim, carrying) as Record<string, unknown>;
    expect(wrapped['chat/list-user-chats']).toBe(handler);
    expect(wrapped['activity/nearby-activities']).not.toBe(handler);
    const ctx = { body: {}, user: { userId: 'u' } };
    await (wrapped['activity/nearby-activities'] as (c: typeof ctx) => Promise<unknown>)(ctx);
    await (wrapped['chat/list-user-chats'] as (c: typeof ctx) => Promise<unknown>)(ctx);
    expect(seen).toEqual(['activity/nearby-activities']);
  });
});

describe('trimAnswer', () => {
  const summary = (activityId: string, owner: string, start = { latitude: 45.4642, longitude: 9.19 }) => ({
    activityId,
    createdBy: { userId: owner },
    start,
    startsAt: '2026-12-01T09:00:00.000Z',
    meetingArea: null,
  });
  const fakeRepo = (circles: ZoneCircleRow[]) => {
    const asked: string[][] = [];
    return {
      asked,
      repo: {
        circlesOf: async (userIds: readonly string[]) => {
          asked.push([...userIds].sort());
          return circles.filter((c) => userIds.includes(c.userId));
        },
        creatorOf: async () => null,
      },
    };
  };

  it('asks once for all organisers, and leaves the answer itself untouched when none of them has a zone', async () => {
    const { repo, asked } = fakeRepo([]);
    const answer = { activities: [summary('a1', 'ada'), summary('a2', 'bea'), summary('a3', 'ada')] };
    const out = await createPrivacyTrim({ repo }).trimAnswer('carl', 'activity/nearby-activities', {}, answer);
    expect(out).toBe(answer);
    expect(asked).toEqual([['ada', 'bea']]);
  });

  it('does not ask about the reader’s own activities', async () => {
    const { repo, asked } = fakeRepo([]);
    const answer = { activities: [summary('a1', 'ada')] };
    expect(await createPrivacyTrim({ repo }).trimAnswer('ada', 'activity/list-daily', {}, answer)).toBe(answer);
    expect(asked).toEqual([]);
  });

  it('trims where an organiser has a zone, and only their activities', async () => {
    const { repo } = fakeRepo([{ userId: 'bea', latitude: 45.4642, longitude: 9.19, radiusMetres: 300 }]);
    const answer = { activities: [summary('a1', 'ada'), summary('a2', 'bea')] };
    const out = (await createPrivacyTrim({ repo }).trimAnswer('carl', 'activity/list-daily', {}, answer)) as {
      activities: { activityId: string; start: unknown }[];
    };
    expect(out).not.toBe(answer);
    expect(out.activities.map((a) => [a.activityId, a.start])).toEqual([
      ['a1', { latitude: 45.4642, longitude: 9.19 }],
      ['a2', null],
    ]);
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

  it('nearby-activities sends only prepared statements; a chat list asks nothing about zones', async () => {
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
    expect(nearby.map((s) => s.name)).toContain('privacy_zone_circles');
    expect(chats.some((s) => s.text.includes('privacy_zones'))).toBe(false);
  });
});
