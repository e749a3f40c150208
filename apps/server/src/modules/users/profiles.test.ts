import { NotificationType } from '@cordata/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { activities, activityMembers, groupMembers, groups, pushTokens, users } from '../../db/schema.ts';

const NOW = new Date('2026-06-15T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(() => t.close());

const PRIVATE_KEYS = ['email', 'phone', 'birthDate', 'passwordHash', 'homeLatitude', 'homeLongitude', 'searchName'];

/** Every key anywhere in a JSON value. */
function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      found.add(k);
      keysIn(v, found);
    }
  }
  return found;
}

describe('user/profile', () => {
  it('shows a public profile with age, sports and the connection, and nothing private', async () => {
    const me = await newUser(t);
    const other = await newUser(t, {
      firstName: 'Giulia',
      sports: [
        { sportId: 'hiking', kind: 'ELEVATION', value: 1200 },
        { sportId: 'running', kind: 'PACE', value: 330 },
      ],
    });
    await t.db.update(users).set({ phone: '+39 333 1234567' }).where(eq(users.id, other.id));
    const { user, connection } = await t.ok('user/profile', { userId: other.id }, me.token);
    expect(connection).toBe('NONE');
    expect(user).toMatchObject({
      userId: other.id,
      firstName: 'Giulia',
      city: 'Milano',
      age: 36, // born 1990-05-17, seen on 2026-06-15
      sports: [
        { sportId: 'hiking', intensity: { kind: 'ELEVATION', value: 1200 } },
        { sportId: 'running', intensity: { kind: 'PACE', value: 330 } },
      ],
    });
    expect(Object.keys(user).sort()).toEqual(
      [
        'age',
        'city',
        'country',
        'firstName',
        'gender',
        'lastName',
        'lastOnlineAt',
        'profilePicture',
        'sports',
        'userId',
        'username',
      ].sort(),
    );
  });

  it('is USER_NOT_FOUND for an unknown, deleted or unfinished account', async () => {
    const me = await newUser(t);
    const unfinished = await newUser(t, { completed: false });
    const deleted = await newUser(t);
    await t.db.update(users).set({ deletedAt: NOW }).where(eq(users.id, deleted.id));
    for (const userId of [crypto.randomUUID(), unfinished.id, deleted.id]) {
      const res = await t.call('user/profile', { userId }, me.token);
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('USER_NOT_FOUND');
    }
  });

  it('no call about other people leaks a private field', async () => {
    const me = await newUser(t, { home: { latitude: 45.46, longitude: 9.19 } });
    const other = await newUser(t, { firstName: 'Leak', home: { latitude: 45.47, longitude: 9.2 } });
    await t.ok('user/request-connection', { userId: other.id }, me.token);
    const answers = [
      await t.ok('user/profile', { userId: other.id }, me.token),
      await t.ok('user/explore-contacts', { query: 'leak' }, me.token),
      await t.ok('user/list-contacts', {}, me.token),
      await t.ok('user/list-contacts', {}, other.token),
      await t.ok('user/list-activities', { userId: other.id }, me.token),
      await t.ok('user/list-groups', { userId: other.id }, me.token),
    ];
    for (const answer of answers) {
      const keys = keysIn(answer);
      for (const key of PRIVATE_KEYS) expect(keys.has(key), `${key} in ${JSON.stringify(answer)}`).toBe(false);
    }
    expect(JSON.stringify(answers)).not.toContain('@example.test');
  });
});

describe('own profile', () => {
  it('own-profile shows every own field', async () => {
    const me = await newUser(t);
    const { user } = await t.ok('user/own-profile', undefined, me.token);
    expect(user).toMatchObject({ userId: me.id, email: me.email, birthDate: '1990-05-17', completed: true });
  });

  it('update-profile changes the fields given, keeps the search name current and can clear the phone', async () => {
    const me = await newUser(t);
    const { user } = await t.ok(
      'user/update-profile',
      {
        firstName: 'Élodie',
        city: 'Forlì',
        phone: '+39 333 000111',
        home: { latitude: 44.22, longitude: 12.04 },
        language: 'it',
      },
      me.token,
    );
    expect(user).toMatchObject({ firstName: 'Élodie', city: 'Forlì', phone: '+39 333 000111', language: 'it' });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.searchName).toBe(`elodie ${me.lastName!.toLowerCase()} ${me.username!.toLowerCase()}`);
    expect([row!.homeLatitude, row!.homeLongitude]).toEqual([44.22, 12.04]);
    const cleared = await t.ok('user/update-profile', { phone: null, home: null }, me.token);
    expect(cleared.user.phone).toBeNull();
    const [after] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(after!.homeLatitude).toBeNull();
  });

  it('update-profile refuses a taken username (any case) with 409, and broken fields with 400', async () => {
    const me = await newUser(t);
    const other = await newUser(t, { username: 'TakenName' });
    const taken = await t.call('user/update-profile', { username: 'takenname' }, me.token);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'USERNAME_TAKEN', message: 'Username already in use' });
    expect((await t.call('user/update-profile', { username: other.username! }, other.token)).status).toBe(200);
    for (const body of [
      { firstName: 'A' },
      { firstName: 'Bad@Name' },
      { username: 'abc' },
      { username: 'has space' },
      { birthDate: '2020-01-01' },
      { gender: 'OTHER' },
    ]) {
      const res = await t.call('user/update-profile', body as never, me.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION_ERROR');
    }
  });

  it('a profile picture must be a URL this server issued', async () => {
    const me = await newUser(t);
    const res = await t.call('user/update-profile', { profilePicture: 'https://evil.example/me.png' }, me.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('UPLOAD_INVALID');
    expect((await t.ok('user/update-profile', { profilePicture: null }, me.token)).user.profilePicture).toBeNull();
  });

  it('update-sports replaces the sports after checking them; own-sports reads them back', async () => {
    const me = await newUser(t);
    const sports = [
      { sportId: 'climbing', intensity: { kind: 'TIME' as const, value: 120 } },
      { sportId: 'road-cycling', intensity: { kind: 'DISTANCE' as const, value: 80_000 } },
    ];
    expect(await t.ok('user/update-sports', { sports }, me.token)).toEqual({ sports });
    expect(await t.ok('user/own-sports', undefined, me.token)).toEqual({ sports });
    const unknown = await t.call(
      'user/update-sports',
      { sports: [{ sportId: 'curling', intensity: { kind: 'TIME', value: 1 } }] },
      me.token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('SPORT_NOT_FOUND');
    const wrongKind = await t.call(
      'user/update-sports',
      { sports: [{ sportId: 'climbing', intensity: { kind: 'PACE', value: 1 } }] },
      me.token,
    );
    expect(wrongKind.status).toBe(400);
    expect((await t.call('user/update-sports', { sports: [] }, me.token)).status).toBe(400);
    expect(await t.ok('user/own-sports', undefined, me.token)).toEqual({ sports });
  });
});

describe('settings', () => {
  it('notification preferences: every type on by default, switched one by one', async () => {
    const me = await newUser(t);
    const { preferences } = await t.ok('user/own-notification-preferences', undefined, me.token);
    expect(Object.keys(preferences).sort()).toEqual([...NotificationType.options].sort());
    expect(Object.values(preferences).every(Boolean)).toBe(true);
    await t.ok('user/update-notification-preferences', { preferences: { SEND_MESSAGE: false } }, me.token);
    const updated = await t.ok(
      'user/update-notification-preferences',
      { preferences: { GROUP_INVITE: false } },
      me.token,
    );
    expect(updated.preferences).toMatchObject({ SEND_MESSAGE: false, GROUP_INVITE: false, NEW_CONTACT: true });
    const bad = await t.call(
      'user/update-notification-preferences',
      { preferences: { NOPE: true } as never },
      me.token,
    );
    expect(bad.status).toBe(400);
  });

  it('a push token is registered, moves to the latest user, and null unregisters it', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    await t.ok('user/update-notification-token', { token: 'device-token-1', platform: 'ios' }, a.token);
    const owner = async () => (await t.db.select().from(pushTokens).where(eq(pushTokens.token, 'device-token-1')))[0];
    expect(await owner()).toMatchObject({ userId: a.id, platform: 'ios' });
    await t.ok('user/update-notification-token', { token: 'device-token-1', platform: 'ios' }, b.token);
    expect((await owner())?.userId).toBe(b.id);
    await t.ok('user/update-notification-token', { token: null }, b.token);
    expect(await owner()).toBeUndefined();
  });

  describe('push tokens belong to the session that registered them', () => {
    const tokensOf = async (userId: string) =>
      (await t.db.select().from(pushTokens).where(eq(pushTokens.userId, userId)))
        .map((r) => ({ token: r.token, sessionId: r.sessionId }))
        .sort((x, y) => x.token.localeCompare(y.token));

    /** One person signed in on two phones, each with its own push token. */
    async function twoPhones() {
      const me = await newUser(t);
      const other = await t.core.tokens.issue(me.id);
      await t.ok('user/update-notification-token', { token: `phone-a-${me.id}`, platform: 'android' }, me.token);
      await t.ok('user/update-notification-token', { token: `phone-b-${me.id}`, platform: 'ios' }, other.jwt);
      expect(await tokensOf(me.id)).toEqual([
        { token: `phone-a-${me.id}`, sessionId: me.sessionId },
        { token: `phone-b-${me.id}`, sessionId: other.sessionId },
      ]);
      return { me, other };
    }

    it('null from one session (logout on that phone) leaves the other phone its token', async () => {
      const { me, other } = await twoPhones();
      await t.ok('user/update-notification-token', { token: null }, me.token);
      expect(await tokensOf(me.id)).toEqual([{ token: `phone-b-${me.id}`, sessionId: other.sessionId }]);
      // Null again is harmless, and the other phone logs out too.
      await t.ok('user/update-notification-token', { token: null }, me.token);
      await t.ok('user/update-notification-token', { token: null }, other.jwt);
      expect(await tokensOf(me.id)).toEqual([]);
    });

    it('a session keeps one token: a renewed device token replaces the old one', async () => {
      const { me, other } = await twoPhones();
      await t.ok('user/update-notification-token', { token: `phone-a2-${me.id}`, platform: 'android' }, me.token);
      expect(await tokensOf(me.id)).toEqual([
        { token: `phone-a2-${me.id}`, sessionId: me.sessionId },
        { token: `phone-b-${me.id}`, sessionId: other.sessionId },
      ]);
    });

    it('ending a session removes its token only', async () => {
      const { me, other } = await twoPhones();
      await t.core.tokens.revoke(other.sessionId);
      expect(await tokensOf(me.id)).toEqual([{ token: `phone-a-${me.id}`, sessionId: me.sessionId }]);
    });

    it('ending every other session (password change, suspension) removes their tokens and keeps the caller’s', async () => {
      const { me } = await twoPhones();
      await t.core.tokens.revokeAll(me.id, me.sessionId);
      expect(await tokensOf(me.id)).toEqual([{ token: `phone-a-${me.id}`, sessionId: me.sessionId }]);
      await t.core.tokens.revokeAll(me.id);
      expect(await tokensOf(me.id)).toEqual([]);
    });

    it('a null from someone else’s session never touches this person’s tokens', async () => {
      const { me } = await twoPhones();
      const stranger = await newUser(t);
      await t.ok('user/update-notification-token', { token: null }, stranger.token);
      expect(await tokensOf(me.id)).toHaveLength(2);
    });
  });

  it('last-online-at records presence', async () => {
    const me = await newUser(t);
    expect(await t.ok('user/last-online-at', undefined, me.token)).toEqual({ lastOnlineAt: NOW.toISOString() });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.lastOnlineAt?.toISOString()).toBe(NOW.toISOString());
  });
});

describe("a person's activities and groups", () => {
  async function activity(name: string, visibility: 'PUBLIC' | 'PRIVATE', startsAt: Date) {
    const [row] = await t.db
      .insert(activities)
      .values({
        name,
        sportId: 'hiking',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3 * 3600_000),
        date: startsAt.toISOString().slice(0, 10),
        startTime: '09:00',
        endTime: '12:00',
        timeZone: 'Europe/Rome',
        access: 'OPEN',
        visibility,
        difficulty: 'EASY',
        routeMode: 'POINTS',
        startLatitude: 45.9,
        startLongitude: 9.4,
        routeSteps: [],
        totalDistance: 1000,
        totalElevationGain: 100,
        smoothedElevationGain: 100,
      })
      .returning();
    return row!;
  }

  it('lists upcoming or past activities whose participants the viewer may see: public lists, or their own', async () => {
    const [person, viewer, stranger] = [await newUser(t), await newUser(t), await newUser(t)];
    const soon = await activity('Grigna', 'PUBLIC', new Date('2026-06-20T07:00:00Z'));
    const quiet = await activity('Legnone', 'PUBLIC', new Date('2026-06-22T07:00:00Z'));
    const secret = await activity('Secret ridge', 'PRIVATE', new Date('2026-06-21T07:00:00Z'));
    const past = await activity('Resegone', 'PUBLIC', new Date('2026-05-01T07:00:00Z'));
    // Who's going (issue 23): a participant list is for participants unless its organisers make it public.
    for (const a of [soon, past]) {
      await t.db.update(activities).set({ participantsPublic: true }).where(eq(activities.id, a.id));
    }
    for (const a of [soon, quiet, secret, past]) {
      await t.db.insert(activityMembers).values({ activityId: a.id, userId: person.id, state: 'PARTICIPATING' });
    }
    await t.db.insert(activityMembers).values({ activityId: secret.id, userId: viewer.id, state: 'INVITED' });
    await t.db.insert(activityMembers).values({ activityId: quiet.id, userId: viewer.id, state: 'PARTICIPATING' });
    const names = async (token: string, when?: 'UPCOMING' | 'PAST') =>
      (await t.ok('user/list-activities', { userId: person.id, when }, token)).activities.map((a) => a.name);
    // Security review L12: an invitation does not reveal who takes part in a private activity.
    expect(await names(viewer.token)).toEqual(['Grigna', 'Legnone']);
    expect(await names(stranger.token)).toEqual(['Grigna']);
    expect(await names(person.token)).toEqual(['Grigna', 'Secret ridge', 'Legnone']);
    expect(await names(stranger.token, 'PAST')).toEqual(['Resegone']);
  });

  it('lists the groups a person belongs to, with the member count', async () => {
    const [person, viewer, other] = [await newUser(t), await newUser(t), await newUser(t)];
    const [group] = await t.db.insert(groups).values({ name: 'Lecco trail', type: 'OPEN' }).returning();
    const [gone] = await t.db.insert(groups).values({ name: 'Gone', type: 'OPEN', deletedAt: NOW }).returning();
    await t.db.insert(groupMembers).values([
      { groupId: group!.id, userId: person.id, state: 'PARTICIPATING', isAdmin: true },
      { groupId: group!.id, userId: other.id, state: 'PARTICIPATING' },
      { groupId: group!.id, userId: viewer.id, state: 'INVITED' },
      { groupId: gone!.id, userId: person.id, state: 'PARTICIPATING' },
    ]);
    const { groups: list } = await t.ok('user/list-groups', { userId: person.id }, viewer.token);
    expect(list).toEqual([{ groupId: group!.id, name: 'Lecco trail', picture: null, membersCount: 2 }]);
  });
});
