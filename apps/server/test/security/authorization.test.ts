import { type CallName, callNames, calls } from '@cordata/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { activities, deviceKeys, users } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { collect, listen, openSocket, sleep, type TestSocket } from '../chat-factories.ts';
import { newDeviceKey, registeredDevice } from '../device-keys.ts';
import { newActivity, newUser } from '../factories.ts';
import { jsonSchemaOf, sample } from './samples.ts';

/**
 * The authorization matrix, generated from the contract: every call that names an activity, a
 * group or a chat, called by each kind of caller on a closed, private activity and a closed group.
 * A refused call answers 401, 403 or 404 and changes nothing.
 */
type Role = 'no token' | 'outsider' | 'blocked' | 'participant' | 'admin' | 'suspended';
/** `blocked`: an outsider whom the admin blocked (issue 23), refused like any outsider. */
const ROLES: Role[] = ['no token', 'suspended', 'outsider', 'blocked', 'participant', 'admin'];

/** Calls only an admin of the object may make (inviting to a closed group or an activity included). */
const ADMIN_ONLY = new Set<CallName>([
  ...['activity', 'group'].flatMap((d) =>
    [
      'accept-request',
      'reject-request',
      'delete',
      'list-requests',
      'make-admin',
      'remove-admin',
      'remove-user',
      'update-existing',
      'invite-users',
      'list-invitable-contacts',
    ].map((c) => `${d}/${c}` as CallName),
  ),
  // Issue 22: the waitlist's order and its log are the organisers'.
  ...([
    'activity/list-waitlist',
    'activity/move-in-waitlist',
    'activity/pick-from-waitlist',
    'activity/remove-from-waitlist',
  ] as const),
  // The world's admin drives: their offer and the requests made to it are theirs alone.
  ...(['carpool/withdraw-offer', 'carpool/accept-request', 'carpool/decline-request'] as const),
  // The world's activity is the first date of a series (issue 22).
  'series/cancel',
  // The organiser's weather thresholds and decisions (issue 24).
  ...(['activity/weather-thresholds', 'activity/weather-decide'] as const),
  // The backup route the weather decision may switch to (issue 24).
  'activity/backup-route',
  // Attendance (issue 22): the tick list, the marks and the scans are the organisers'; a group's rules its admins'.
  ...(['attendance/list-sheet', 'attendance/mark', 'attendance/check-in', 'group/set-attendance-rules'] as const),
  // Confirming what the recordings suggest is an attendance mark (issue 42).
  'attendance/confirm-suggested',
  // The planned return is the organiser's (issue 23).
  'activity/safety-set-return',
  // The club layer (issue 40): sub-groups and ride leaders are the group admins' (clubRules).
  ...([
    'group/create-subgroup',
    'group/update-subgroup',
    'group/delete-subgroup',
    'group/assign-subgroup',
    'group/make-leader',
    'group/remove-leader',
    'group/export-roster',
  ] as const),
  // Date polls (docs/polls.md): closing one and making its activity are its creator's (the admin's here).
  ...(['poll/close', 'poll/create-activity'] as const),
]);
/** Calls that read or write what only members of a private activity, a closed group or a chat may see. */
const MEMBERS_ONLY = new Set<CallName>([
  'activity/read-info',
  'activity/list-participants',
  'group/list-participants',
  'group/list-activities',
  'group/list-next-activities',
  'group/count-activities',
  'chat/list-messages',
  'chat/get-info',
  'chat/send-message',
  'chat/set-as-read',
  'carpool/list',
  'carpool/offer-seats',
  'carpool/request-ride',
  'carpool/cancel-request',
  'gear/list',
  'gear/add-item',
  'gear/claim',
  'gear/check',
  'gear/remove-item',
  'calendar/activity-ics',
  'calendar/group-feed',
  'route/export-gpx',
  // Issue 22: a seat offer is claimed or declined by whoever holds it, on an activity they may see.
  'activity/claim-seat',
  'activity/decline-seat',
  'series/read-info',
  'series/join',
  'series/leave',
  'series/skip-date',
  'activity/weather',
  // The recap (issue 22): the people taking part only; a photo is deleted by its uploader (the participant) or an
  // organiser. Before the end the recap answers RECAP_NOT_READY and the album RECAP_ALBUM_CLOSED to them.
  'activity/read-recap',
  'activity/add-recap-photo',
  'activity/delete-recap-photo',
  // Issue 22: a participant's own check-in pass; a group's attendance rules, read by its members.
  'attendance/read-pass',
  'group/read-attendance-rules',
  // The safety loop (issue 23): who is back, sharing, checking in.
  'activity/safety',
  'activity/safety-share',
  'activity/safety-back',
  // The outing pack (issue 38): for the people taking part only.
  'offline/pack-size',
  'offline/build-pack',
  // The club layer (issue 40): a closed group's sub-groups are seen, and picked, by its members.
  ...(['group/list-subgroups', 'group/list-subgroup-members', 'group/pick-subgroups', 'group/share-email'] as const),
  // Date polls (docs/polls.md): the closed group's poll is for its members; asking the group too.
  ...(['poll/read-info', 'poll/answer', 'poll/create-new'] as const),
  // Accepting a changed text again (docs/consent.md): whoever takes part, waits or asks; nobody else.
  ...(['activity/accept-consent', 'group/accept-consent'] as const),
  // Recordings (issue 42): one's own recording of an activity one takes part in.
  ...(['recording/add', 'recording/set-shared', 'recording/delete'] as const),
]);
const scoped = callNames.filter((n) => ADMIN_ONLY.has(n) || MEMBERS_ONLY.has(n));
/**
 * Calls that ask the caller to take part in the activity (access.require `as: 'participant'`), whom an organiser's
 * block keeps out (issue 36): the recap, carpools and gear. The safety loop asks the same but lets them in.
 */
const PARTICIPANTS_ONLY = new Set<CallName>([
  ...(['activity/read-recap', 'activity/add-recap-photo', 'activity/delete-recap-photo'] as const),
  ...(['carpool/list', 'carpool/offer-seats', 'carpool/request-ride', 'carpool/cancel-request'] as const),
  ...(['gear/list', 'gear/add-item', 'gear/claim', 'gear/check', 'gear/remove-item'] as const),
  ...(['offline/pack-size', 'offline/build-pack'] as const),
  ...(['recording/add', 'recording/set-shared', 'recording/delete'] as const),
]);
/**
 * The matrix's roles on the world's activity and group: the shared ones, and a participant whom the admin blocked
 * after they joined (issue 36), before the admin, who runs last.
 */
type WorldRole = Role | 'blocked participant';
const WORLD_ROLES: WorldRole[] = [...ROLES.slice(0, -1), 'blocked participant', 'admin'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await watchWrites();
});
afterAll(() => t?.close());

type World = Awaited<ReturnType<typeof newWorld>>;

/** An admin with a closed, private activity and a closed group, each with one participant. */
/**
 * The five people of a world, one per role but 'no token'; `roleTokens()`, called once the world is built,
 * suspends the one playing 'suspended' and gives each role's token.
 */
async function cast() {
  const [admin, participant, outsider, suspended, blocked] = [
    await newUser(t),
    await newUser(t),
    await newUser(t),
    await newUser(t),
    await newUser(t),
  ];
  async function roleTokens(): Promise<Record<Role, string | null>> {
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: 'test' })
      .where(sql`${users.id} = ${suspended.id}`);
    return {
      'no token': null,
      outsider: outsider.token,
      blocked: blocked.token,
      participant: participant.token,
      admin: admin.token,
      suspended: suspended.token,
    };
  }
  return { admin, participant, outsider, blocked, roleTokens };
}

async function newWorld() {
  const { admin, participant, blocked, roleTokens } = await cast();
  const blockedParticipant = await newUser(t);
  await t.ok('user/block', { userId: blocked.id }, admin.token);
  const { group } = await t.ok('group/create-new', { name: 'Closed club', type: 'CLOSED' }, admin.token);
  for (const member of [participant, blockedParticipant])
    await t.db.execute(
      sql`insert into connections (requester_id, addressee_id, status, accepted_at) values (${admin.id}, ${member.id}, 'ACCEPTED', now())`,
    );
  const members = [participant, blockedParticipant];
  await t.ok('group/invite-users', { groupId: group.groupId, userIds: members.map((m) => m.id) }, admin.token);
  for (const member of members) await t.ok('group/participate', { groupId: group.groupId }, member.token);
  const { subgroup } = await t.ok('group/create-subgroup', { groupId: group.groupId, ...PACE_B }, admin.token);
  await t.ok(
    'group/assign-subgroup',
    { subgroupId: subgroup.subgroupId, userId: participant.id, member: true },
    admin.token,
  );
  // A date poll of the admin's to the closed group.
  const { poll } = await t.ok('poll/create-new', pollFor(group.groupId), admin.token);
  // The first date of a weekly series of three: every activity call holds for a series' date as for any activity.
  const activity = await newActivity(t, admin, {
    access: 'CLOSED',
    visibility: 'PRIVATE',
    repeat: { rule: 'FREQ=WEEKLY;COUNT=3' },
  });
  await t.ok(
    'activity/invite-users',
    { activityId: activity.activityId, userIds: members.map((m) => m.id) },
    admin.token,
  );
  for (const member of members) await t.ok('activity/participate', { activityId: activity.activityId }, member.token);
  await t.ok('user/block', { userId: blockedParticipant.id }, admin.token);
  // Logistics: the admin drives and the participant asks that car; a group item and a private checklist item.
  const { offer } = await t.ok(
    'carpool/offer-seats',
    { activityId: activity.activityId, seats: 3, origin: { latitude: 45.5, longitude: 9.19 } },
    admin.token,
  );
  const { request } = await t.ok(
    'carpool/request-ride',
    { activityId: activity.activityId, pickup: { latitude: 45.49, longitude: 9.19 }, offerId: offer.offerId },
    participant.token,
  );
  const { item: groupItem } = await t.ok(
    'gear/add-item',
    { activityId: activity.activityId, name: 'Rope', required: true },
    admin.token,
  );
  const { item: ownItem } = await t.ok(
    'gear/add-item',
    { activityId: activity.activityId, name: 'Snacks', personal: true },
    participant.token,
  );
  // A photo of the recap's album, the participant's (written directly: the album opens only after the end).
  const [photo] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into activity_photos (id, activity_id, uploader_id, storage_key)
        values (gen_random_uuid(), ${activity.activityId}, ${participant.id}, ${`photos/${crypto.randomUUID()}`})
        returning id`,
  );
  // The participant's recording (issue 42), written directly: it is added only after the start.
  await t.db.execute(
    sql`insert into activity_recordings (id, activity_id, user_id, source, started_at, ended_at, moving_seconds,
          distance, on_route_share, line)
        values (gen_random_uuid(), ${activity.activityId}, ${participant.id}, 'FILE', now(), now(), 3600, 5000, 0.9,
          '[[45.46, 9.19], [45.47, 9.18]]'::jsonb)`,
  );
  return {
    tokens: { ...(await roleTokens()), 'blocked participant': blockedParticipant.token } as Record<
      WorldRole,
      string | null
    >,
    adminId: admin.id,
    activity,
    photoId: photo!.id,
    group,
    subgroupId: subgroup.subgroupId,
    pollId: poll.pollId,
    pollSlotId: poll.slots[0]!.slotId,
    participantId: participant.id,
    offerId: offer.offerId,
    requestId: request.requestId,
    groupItemId: groupItem.itemId,
    ownItemId: ownItem.itemId,
  };
}

/** Each call gets its own world; its roles run in order, the admin last, so no cell sees another's change. */
const worlds = new Map<CallName, Promise<World>>();
const worldFor = (name: CallName) => {
  if (!worlds.has(name)) worlds.set(name, newWorld());
  return worlds.get(name)!;
};

/** A date poll to a group (docs/polls.md): two dates next week, answered within two days. */
const pollFor = (groupId: string) => ({
  title: 'Next ride',
  groupId,
  slots: [6, 7].map((days) => ({
    date: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10),
    startTime: '09:00',
    endTime: '11:00',
  })),
  deadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  timeZone: 'Europe/Rome',
});

/** A pace group (issue 40), as its admin declares it. */
const PACE_B = { name: 'Pace B', sportId: 'hiking', level: { kind: 'DISTANCE', value: 15_000 } } as const;

/** A valid body for the call, pointing at the world's objects. */
function bodyFor(name: CallName, w: World): unknown {
  const a = w.activity;
  if (name === 'activity/update-existing') {
    const { activityId, name: title, sportId, date, startTime, endTime, access, visibility, difficulty } = a;
    // Issue 24: a hazard flag is the admins' to set, like every other field.
    const grades = { grades: [], hazards: ['EXPOSURE'] };
    return { activityId, name: title, sportId, date, startTime, endTime, access, visibility, difficulty, ...grades };
  }
  if (name === 'activity/backup-route') {
    // A drawn route, so that the admin's call stores one and a refused caller's is seen to store nothing.
    const route = {
      mode: 'POINTS',
      start: { latitude: 45.45, longitude: 9.17 },
      destination: { latitude: 45.44, longitude: 9.16 },
      routeSteps: [],
    };
    return { activityId: a.activityId, route };
  }
  if (name === 'group/update-existing')
    return { groupId: w.group.groupId, name: 'Renamed club', description: '', type: 'CLOSED' };
  if (name === 'group/create-subgroup') return { groupId: w.group.groupId, ...PACE_B, name: 'Pace C' };
  if (name === 'group/update-subgroup') return { subgroupId: w.subgroupId, ...PACE_B, name: 'Pace Bee' };
  if (name === 'poll/create-new') return pollFor(w.group.groupId);
  if (name === 'poll/answer') return { pollId: w.pollId, answers: [{ slotId: w.pollSlotId, answer: 'YES' }] };
  if (name === 'poll/create-activity') {
    const { name: title, sportId, access, visibility, difficulty } = a;
    const route = {
      mode: 'POINTS',
      start: { latitude: 45.45, longitude: 9.17 },
      destination: { latitude: 45.44, longitude: 9.16 },
      routeSteps: [],
    };
    return {
      pollId: w.pollId,
      slotId: w.pollSlotId,
      activity: { name: title, sportId, access, visibility, difficulty, route },
    };
  }
  const schema = calls[name].body;
  if (!schema) return undefined;
  const body = sample(jsonSchemaOf(schema)) as Record<string, unknown>;
  if ('activityId' in body) body.activityId = a.activityId;
  if ('groupId' in body) body.groupId = w.group.groupId;
  if ('chatId' in body) body.chatId = name.startsWith('chat/') ? a.chatId : body.chatId;
  if ('userId' in body) body.userId = w.participantId;
  if ('userIds' in body) body.userIds = [w.participantId];
  if ('reason' in body) body.reason = 'Not this time';
  if ('text' in body) body.text = 'hello';
  if ('offerId' in body) {
    if (name === 'carpool/request-ride') delete body.offerId;
    else body.offerId = w.offerId;
  }
  if ('requestId' in body) body.requestId = w.requestId;
  if ('subgroupId' in body) body.subgroupId = w.subgroupId;
  if ('subgroupIds' in body) body.subgroupIds = [w.subgroupId];
  if ('photoId' in body) body.photoId = w.photoId;
  if ('pollId' in body) body.pollId = w.pollId;
  if ('itemId' in body) body.itemId = name === 'gear/claim' ? w.groupItemId : w.ownItemId;
  if (name === 'series/skip-date') body.date = a.date;
  // "I'm back" for oneself: naming someone else is the organisers' (every caller but the participant would be refused).
  if (name === 'activity/safety-back') delete body.userId;
  if (name === 'gear/add-item') {
    delete body.templateKey;
    body.required = false;
  }
  delete body.after;
  delete body.before;
  return body;
}

/** The tables these calls could change. */
const WATCHED_TABLES = [
  'chats',
  'activities',
  'activity_members',
  'groups',
  'group_members',
  'chat_members',
  'messages',
  'notifications',
  'carpool_offers',
  'ride_requests',
  'gear_items',
  'activity_waitlist_overrides',
  'activity_series',
  'series_members',
  'series_skips',
  'activity_weather',
  'activity_photos',
  'activity_routes',
  'activity_attendance',
  'activity_safety',
  'location_points',
  'queued_events',
  'subgroups',
  'subgroup_members',
  'polls',
  'poll_slots',
  'poll_answers',
  'poll_invitees',
  'activity_recordings',
  'activity_outcomes',
  'strava_connections',
];

/**
 * Every write to the watched tables is logged by a trigger (an update only when it changes the row), so that a
 * refused call is checked to have changed nothing by one short query, however many rows the worlds hold.
 */
async function watchWrites() {
  const statements = [
    'create table test_writes (id bigserial primary key, table_name text not null)',
    `create function test_note_write() returns trigger language plpgsql as $$
      begin insert into test_writes (table_name) values (tg_table_name); return null; end $$`,
    ...WATCHED_TABLES.flatMap((table) => [
      `create trigger test_note_write after insert or delete on ${table}
        for each row execute function test_note_write()`,
      `create trigger test_note_update after update on ${table}
        for each row when (old.* is distinct from new.*) execute function test_note_write()`,
    ]),
  ];
  for (const statement of statements) await t.db.execute(sql.raw(statement));
}

/** Where the write log stands. */
async function lastWrite() {
  const [row] = await queryRows<{ id: string }>(t.db, sql`select coalesce(max(id), 0)::text as id from test_writes`);
  return row!.id;
}

/** The tables written since `since` (lastWrite). */
async function writtenSince(since: string) {
  const rows = await queryRows<{ table: string }>(
    t.db,
    sql`select distinct table_name as "table" from test_writes where id > ${since}::bigint order by 1`,
  );
  return rows.map((row) => row.table);
}

describe('the write log behind the matrix', () => {
  it('notes a changed row and passes over an update that changes nothing', async () => {
    const { activityId } = await newActivity(t, await newUser(t));
    const before = await lastWrite();
    await t.db.execute(sql`update activities set name = name where id = ${activityId}`);
    expect(await writtenSince(before)).toEqual([]);
    await t.db.execute(sql`update activities set name = 'Renamed' where id = ${activityId}`);
    expect(await writtenSince(before)).toEqual(['activities']);
  });
});

describe('the authorization matrix', () => {
  const cells = scoped.flatMap((name) => WORLD_ROLES.map((role) => [name, role] as const));

  it.each(cells)('%s as %s', async (name, role) => {
    const w = await worldFor(name);
    const before = await lastWrite();
    const res = await t.call(name, bodyFor(name, w) as never, w.tokens[role] ?? undefined);
    const refused = [401, 403, 404].includes(res.status);
    switch (role) {
      case 'no token':
      case 'suspended':
        expect(res.status).toBe(401);
        break;
      case 'outsider':
      case 'blocked':
        expect(res.status, JSON.stringify(res.body)).toBeOneOf([403, 404]);
        break;
      case 'participant':
        if (ADMIN_ONLY.has(name)) expect(res.status, JSON.stringify(res.body)).toBeOneOf([403, 404]);
        else expect(res.status, JSON.stringify(res.body)).not.toBeOneOf([401, 403, 404, 500]);
        break;
      case 'blocked participant':
        if (ADMIN_ONLY.has(name) || PARTICIPANTS_ONLY.has(name))
          expect(res.status, JSON.stringify(res.body)).toBeOneOf([403, 404]);
        else expect(res.status, JSON.stringify(res.body)).not.toBeOneOf([401, 403, 404, 500]);
        break;
      case 'admin':
        expect(res.status, JSON.stringify(res.body)).not.toBeOneOf([401, 403, 500]);
        break;
    }
    if (refused) expect(await writtenSince(before)).toEqual([]);
  });
});

/**
 * Direct chats (issue 19): the admin and the participant are contacts with a direct chat; `blocked` is a
 * contact of the admin whom the admin blocked (the contact row put back, so only the block refuses);
 * the outsider is nobody's contact. Opening is with the admin (the admin opens with the participant);
 * the other calls are on the admin's and the participant's direct chat.
 */
describe('the authorization matrix of direct chats', () => {
  const CALLS = [
    'chat/open-direct',
    'chat/list-messages',
    'chat/get-info',
    'chat/send-message',
    'chat/set-as-read',
  ] as const satisfies CallName[];

  async function newDirectWorld() {
    const { admin, participant, blocked, roleTokens } = await cast();
    for (const other of [participant, blocked]) {
      await t.ok('user/request-connection', { userId: other.id }, admin.token);
      await t.ok('user/accept-connection', { userId: admin.id }, other.token);
    }
    await t.ok('user/block', { userId: blocked.id }, admin.token);
    await t.db.execute(
      sql`insert into connections (requester_id, addressee_id, status, accepted_at) values (${admin.id}, ${blocked.id}, 'ACCEPTED', now())`,
    );
    const { chat } = await t.ok('chat/open-direct', { userId: participant.id }, admin.token);
    await t.ok('chat/send-message', { chatId: chat.chatId, text: 'hi', clientMessageId: 'first' }, admin.token);
    return {
      tokens: await roleTokens(),
      adminId: admin.id,
      participantId: participant.id,
      chatId: chat.chatId,
    };
  }

  const directWorlds = new Map<string, ReturnType<typeof newDirectWorld>>();
  const cells = CALLS.flatMap((name) => ROLES.map((role) => [name, role] as const));

  it.each(cells)('%s as %s', async (name, role) => {
    if (!directWorlds.has(name)) directWorlds.set(name, newDirectWorld());
    const w = await directWorlds.get(name)!;
    const body =
      name === 'chat/open-direct'
        ? { userId: role === 'admin' ? w.participantId : w.adminId }
        : name === 'chat/send-message'
          ? { chatId: w.chatId, text: 'hello', clientMessageId: `m-${role}` }
          : name === 'chat/list-messages'
            ? { chatId: w.chatId, limit: 30 }
            : { chatId: w.chatId };
    const before = await lastWrite();
    const res = await t.call(name, body as never, w.tokens[role] ?? undefined);
    if (role === 'no token' || role === 'suspended') expect(res.status).toBe(401);
    else if (role === 'outsider' || role === 'blocked') {
      expect(res.status, JSON.stringify(res.body)).toBeOneOf([403, 404]);
      expect(await writtenSince(before)).toEqual([]);
    } else expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

/**
 * Calls about nobody's objects, open to anyone signed in (route snapping, issue 20; grades suggested from
 * OpenStreetMap, issue 24): refused without a token and to a suspended person, answered to everyone else. Neither
 * routing nor Overpass is configured here, so no outside service is asked.
 */
describe('the authorization matrix of calls open to anyone signed in', () => {
  const OPEN = {
    // Issue 22: one's own attendance record (never anyone else's).
    'attendance/read-record': undefined,
    // A person's own emergency contacts and location history (issue 23).
    'user/emergency-contacts': undefined,
    'user/set-emergency-contacts': { contacts: [{ name: 'Mum', email: 'mum@example.test' }] },
    'user/delete-location-history': undefined,
    // One's own ways in (issue 41); the other OIDC calls are bound to their starter in auth/oidc.test.ts.
    'auth/list-sign-in-methods': undefined,
    // The date polls that ask me (docs/polls.md): each answered only as pollRules.asked allows.
    'poll/list-mine': {},
    // One's own Strava link (issue 42); connecting is in strava-link.test.ts, bound to the person who started it.
    'strava/read-connection': undefined,
    'strava/disconnect': undefined,
    // A phone's own key for what it queues without signal.
    'safety/register-device-key': { publicKey: newDeviceKey().publicKey },
    'route/snap-legs': {
      sportId: 'hiking',
      points: [
        { latitude: 45.81, longitude: 9.08 },
        { latitude: 45.83, longitude: 9.11 },
      ],
    },
    'route/grade-suggestion': {
      sportId: 'hiking',
      points: [
        { latitude: 45.81, longitude: 9.08 },
        { latitude: 45.83, longitude: 9.11 },
      ],
    },
  } as const;
  let tokens: Record<Role, string | null>;
  beforeAll(async () => {
    tokens = await (await cast()).roleTokens();
  });
  const cells = (Object.keys(OPEN) as (keyof typeof OPEN)[]).flatMap((name) =>
    ROLES.map((role) => [name, role] as const),
  );
  it.each(cells)('%s as %s', async (name, role) => {
    const res = await t.call(name, OPEN[name] as never, tokens[role] ?? undefined);
    if (role === 'no token' || role === 'suspended') expect(res.status).toBe(401);
    else expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

/**
 * Actions queued without signal (docs/safety.md): anyone signed in may carry them, and each is applied as its signer.
 * Each role delivers an "I'm back" it signed itself about the world's private activity, moved into its window: an
 * outsider's and a blocked person's are refused and change nothing; the participant's and the admin's are applied.
 */
describe('the authorization matrix of queued events', () => {
  let w: World;
  beforeAll(async () => {
    w = await newWorld();
    const now = Date.now();
    await t.db
      .update(activities)
      .set({ startsAt: new Date(now - 10 * 60_000), endsAt: new Date(now + 2 * 3_600_000) })
      .where(eq(activities.id, w.activity.activityId));
  });
  it.each(ROLES)('safety/deliver-queued as %s', async (role) => {
    const token = w.tokens[role];
    if (role === 'no token' || role === 'suspended') {
      const res = await t.call(
        'safety/deliver-queued',
        sample(jsonSchemaOf(calls['safety/deliver-queued'].body!)) as never,
        token ?? undefined,
      );
      expect(res.status).toBe(401);
      return;
    }
    const phone = await registeredDevice(t, token!);
    const [me] = await t.db
      .select({ id: deviceKeys.userId })
      .from(deviceKeys)
      .where(eq(deviceKeys.id, phone.deviceKeyId));
    const event = phone.event({
      kind: 'BACK',
      activityId: w.activity.activityId,
      personId: me!.id,
      occurredAt: new Date().toISOString(),
      payload: {},
    });
    const before = await lastWrite();
    const { results } = await t.ok('safety/deliver-queued', { events: [event] }, token!);
    if (role === 'outsider' || role === 'blocked') {
      expect(results[0]).toMatchObject({ status: 'REFUSED' });
      expect(results[0]!.code).toBeOneOf(['ACTIVITY_NOT_FOUND', 'FORBIDDEN']);
      expect(await writtenSince(before)).toEqual([]);
    } else expect(results[0]).toMatchObject({ status: 'ACCEPTED' });
  });
});

/**
 * A cancelled date of a series (issue 22): its page answers ACTIVITY_CANCELLED, with its name and when it was, to
 * whoever was in it (the participant, told of it, and the organiser); to anyone else it is gone (404), and nothing
 * of it is said; no token or a suspended session, 401. Reading it changes nothing.
 */
describe('the authorization matrix of a cancelled date', () => {
  let w: World;
  beforeAll(async () => {
    w = await newWorld();
    await t.ok('series/cancel', { activityId: w.activity.activityId, scope: 'THIS' }, w.tokens.admin!);
  });

  /**
   * Every other call about the activity (by its id, its chat's, or one of its carpools', items' or photos'),
   * participant-only or the organisers' (issue 36): the same for everyone, organisers included, as for an activity
   * that never was: 404 or 403, and nothing changes.
   */
  const ACTIVITY_KEYS = ['activityId', 'chatId', 'offerId', 'requestId', 'itemId', 'photoId'];
  const aboutTheActivity = scoped.filter((name) => {
    const schema = calls[name].body;
    const body = schema ? (sample(jsonSchemaOf(schema)) as Record<string, unknown>) : {};
    return name !== 'activity/read-info' && ACTIVITY_KEYS.some((key) => key in body);
  });
  it.each(aboutTheActivity.flatMap((name) => WORLD_ROLES.map((role) => [name, role] as const)))(
    '%s as %s',
    async (name, role) => {
      const before = await lastWrite();
      const res = await t.call(name, bodyFor(name, w) as never, w.tokens[role] ?? undefined);
      if (role === 'no token' || role === 'suspended') expect(res.status).toBe(401);
      else expect(res.status, JSON.stringify(res.body)).toBeOneOf([403, 404]);
      expect(await writtenSince(before)).toEqual([]);
    },
  );
  it.each(ROLES)('activity/read-info as %s', async (role) => {
    const before = await lastWrite();
    const res = await t.call('activity/read-info', { activityId: w.activity.activityId }, w.tokens[role] ?? undefined);
    if (role === 'no token' || role === 'suspended') expect(res.status).toBe(401);
    else if (role === 'outsider' || role === 'blocked') {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(w.activity.name);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'ACTIVITY_CANCELLED',
        details: { activityId: w.activity.activityId, name: w.activity.name, date: w.activity.date },
      });
    }
    expect(await writtenSince(before)).toEqual([]);
  });
});

/**
 * The safety loop's socket event (issue 23): a position sent by each kind of caller, on the world's private activity
 * moved into its window, where the admin and the participant share. No token or a suspended session never connects;
 * an outsider and a blocked person are refused and get nothing; a participant the admin blocked after they joined
 * shares too, yet no position passes between the two of them.
 */
describe('the authorization matrix of the safety:position socket event', () => {
  let url: string;
  let w: World;
  let blockedParticipant: Awaited<ReturnType<typeof newUser>>;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    url = await listen(t);
    w = await newWorld();
    blockedParticipant = await newUser(t);
    const { activityId } = w.activity;
    await t.db.execute(
      sql`insert into connections (requester_id, addressee_id, status, accepted_at) values (${w.adminId}, ${blockedParticipant.id}, 'ACCEPTED', now())`,
    );
    await t.ok('activity/invite-users', { activityId, userIds: [blockedParticipant.id] }, w.tokens.admin!);
    await t.ok('activity/participate', { activityId }, blockedParticipant.token);
    await t.ok('user/block', { userId: blockedParticipant.id }, w.tokens.admin!);
    const now = Date.now();
    await t.db
      .update(activities)
      .set({ startsAt: new Date(now - 10 * 60_000), endsAt: new Date(now + 2 * 3_600_000) })
      .where(eq(activities.id, activityId));
    for (const token of [w.tokens.admin!, w.tokens.participant!, blockedParticipant.token])
      await t.ok('activity/safety-share', { activityId, sharing: true }, token);
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it.each(ROLES)('as %s', async (role) => {
    const token = w.tokens[role];
    if (role === 'no token' || role === 'suspended') {
      await expect(openSocket(url, token ?? '')).rejects.toThrow();
      return;
    }
    const others = [await openSocket(url, w.tokens.admin!), await openSocket(url, w.tokens.participant!)];
    const watcher = await openSocket(url, blockedParticipant.token);
    const socket = await openSocket(url, token!);
    sockets.push(...others, watcher, socket);
    const [toAdmin, toParticipant] = others.map((s) => collect(s, 'safety:position'));
    const toBlocked = collect(watcher, 'safety:position');
    const toCaller = collect(socket, 'safety:position');
    const answer = await new Promise((resolve) =>
      socket.emit('safety:position', { activityId: w.activity.activityId, latitude: 45.9, longitude: 9.3 }, resolve),
    );
    await sleep(200);
    if (role === 'outsider' || role === 'blocked') {
      expect(answer).toEqual({ ok: false, code: 'NOT_FOUND' });
      expect([...toAdmin!, ...toParticipant!, ...toBlocked]).toEqual([]);
    } else {
      expect(answer).toEqual({ ok: true });
      const other = role === 'admin' ? toParticipant! : toAdmin!;
      expect(other).toHaveLength(1);
      // The participant the admin blocked gets the participant's position, never the admin's.
      expect(toBlocked).toHaveLength(role === 'admin' ? 0 : 1);
    }
    expect(toCaller).toEqual([]);
  });
});

/**
 * Privacy zones (issue 23) are their owner's alone: the admin owns a zone; every other signed-in role (the blocked
 * person included) finds it neither in their list nor by its id (404, nothing changes), and may only add their own.
 */
describe('the authorization matrix of privacy zones', () => {
  const CALLS = [
    'privacy/list-zones',
    'privacy/add-zone',
    'privacy/regenerate-zone',
    'privacy/delete-zone',
  ] as const satisfies CallName[];
  async function newZoneWorld() {
    const { admin, blocked, roleTokens } = await cast();
    await t.ok('user/block', { userId: blocked.id }, admin.token);
    const { zone } = await t.ok(
      'privacy/add-zone',
      { latitude: 45.46, longitude: 9.19, radiusMetres: 300 },
      admin.token,
    );
    return { tokens: await roleTokens(), zone };
  }
  const zoneWorlds = new Map<string, ReturnType<typeof newZoneWorld>>();
  const zonesNow = async () =>
    (
      await queryRows<{ h: string }>(
        t.db,
        sql`select md5(coalesce(string_agg(z::text, ',' order by z::text), '')) as h from privacy_zones z`,
      )
    )[0]!.h;

  it.each(CALLS.flatMap((name) => ROLES.map((role) => [name, role] as const)))('%s as %s', async (name, role) => {
    if (!zoneWorlds.has(name)) zoneWorlds.set(name, newZoneWorld());
    const w = await zoneWorlds.get(name)!;
    const body =
      name === 'privacy/list-zones'
        ? undefined
        : name === 'privacy/add-zone'
          ? { latitude: 45.47, longitude: 9.2, radiusMetres: 500 }
          : { zoneId: w.zone.zoneId };
    const before = await zonesNow();
    const res = await t.call(name, body as never, w.tokens[role] ?? undefined);
    if (role === 'no token' || role === 'suspended') {
      expect(res.status).toBe(401);
      expect(await zonesNow()).toBe(before);
    } else if (role === 'admin' || name === 'privacy/add-zone') {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } else if (name === 'privacy/list-zones') {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(w.zone.zoneId);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(await zonesNow()).toBe(before);
    }
  });
});

/**
 * Blocking (issue 23): the admin organises an open, public activity (the first date of a series) and an open group,
 * and has blocked `blocked`. Every call by which someone comes into what a person organises, or reaches that person,
 * lets the outsider in and leaves the blocked person out without telling them: the answer is one anybody could get
 * (a request filed, ACCESS_REQUEST_REQUIRED, REQUEST_SENT, nobody found), and the admin hears nothing.
 */
describe('the authorization matrix of blocking', () => {
  type BlockWorld = Awaited<ReturnType<typeof newBlockWorld>>;
  /** What the call gave the caller: whether they came in (or reached the admin). */
  const CALLS = {
    'activity/participate': {
      body: (w: BlockWorld) => ({ activityId: w.activityId }),
      cameIn: async (w: BlockWorld, id: string) =>
        (await stateOf('activity_members', 'activity_id', w.activityId, id)) === 'PARTICIPATING',
    },
    'activity/request-access': {
      body: (w: BlockWorld) => ({ activityId: w.activityId }),
      cameIn: async (w: BlockWorld, id: string) =>
        (await stateOf('activity_members', 'activity_id', w.activityId, id)) === 'PARTICIPATING',
    },
    'series/join': {
      body: (w: BlockWorld) => ({ activityId: w.activityId }),
      cameIn: async (w: BlockWorld, id: string) =>
        (
          await queryRows(
            t.db,
            sql`select 1 from series_members where user_id = ${id}
              and series_id = (select series_id from activities where id = ${w.activityId})`,
          )
        ).length > 0,
    },
    'group/participate': {
      body: (w: BlockWorld) => ({ groupId: w.groupId }),
      cameIn: async (w: BlockWorld, id: string) =>
        (await stateOf('group_members', 'group_id', w.groupId, id)) === 'PARTICIPATING',
    },
    'group/request-access': {
      body: (w: BlockWorld) => ({ groupId: w.groupId }),
      cameIn: async (w: BlockWorld, id: string) =>
        (await stateOf('group_members', 'group_id', w.groupId, id)) === 'PARTICIPATING',
    },
    'user/request-connection': {
      body: (w: BlockWorld) => ({ userId: w.adminId }),
      cameIn: async (w: BlockWorld, id: string) =>
        (
          await queryRows(
            t.db,
            sql`select 1 from connections where requester_id = ${id} and addressee_id = ${w.adminId}`,
          )
        ).length > 0,
    },
    'user/explore-contacts': {
      body: (w: BlockWorld) => ({ query: w.adminName }),
      cameIn: async (w: BlockWorld, id: string) => w.found.get(id) === true,
    },
  } as const satisfies Partial<Record<CallName, unknown>>;

  async function stateOf(table: string, column: string, objectId: string, userId: string) {
    const [row] = await queryRows<{ state: string }>(
      t.db,
      sql`select state from ${sql.raw(table)} where ${sql.raw(column)} = ${objectId} and user_id = ${userId}`,
    );
    return row?.state ?? null;
  }

  async function newBlockWorld() {
    const { admin, outsider, blocked, roleTokens } = await cast();
    const adminName = admin.username!;
    await t.ok('user/block', { userId: blocked.id }, admin.token);
    const activity = await newActivity(t, admin, {
      access: 'OPEN',
      visibility: 'PUBLIC',
      repeat: { rule: 'FREQ=WEEKLY;COUNT=3' },
    });
    const { group } = await t.ok('group/create-new', { name: 'Open club', type: 'OPEN' }, admin.token);
    return {
      tokens: await roleTokens(),
      ids: { outsider: outsider.id, blocked: blocked.id },
      adminId: admin.id,
      adminName,
      activityId: activity.activityId,
      groupId: group.groupId,
      found: new Map<string, boolean>(),
    };
  }

  const blockWorlds = new Map<string, ReturnType<typeof newBlockWorld>>();
  const cells = (Object.keys(CALLS) as (keyof typeof CALLS)[]).flatMap((name) =>
    (['outsider', 'blocked'] as const).map((role) => [name, role] as const),
  );

  it.each(cells)('%s as %s', async (name, role) => {
    if (!blockWorlds.has(name)) blockWorlds.set(name, newBlockWorld());
    const w = await blockWorlds.get(name)!;
    const call = CALLS[name];
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notifications where user_id = ${w.adminId}`,
    );
    const res = await t.call(name, call.body(w) as never, w.tokens[role]!);
    expect(res.status, JSON.stringify(res.body)).not.toBeOneOf([401, 500]);
    if (name === 'user/explore-contacts') {
      const users = (res.body as { users: { userId: string }[] }).users;
      w.found.set(
        w.ids[role],
        users.some((u) => u.userId === w.adminId),
      );
    }
    const cameIn = await call.cameIn(w, w.ids[role]);
    const after = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notifications where user_id = ${w.adminId}`,
    );
    if (role === 'outsider') {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(cameIn).toBe(true);
    } else {
      expect(cameIn).toBe(false);
      // Not told: no error that names a block, and nothing reaches the admin.
      expect(JSON.stringify((res.body as { error?: unknown }).error ?? '')).not.toMatch(/block/i);
      expect(after[0]!.n).toBe(before[0]!.n);
    }
  });
});

/**
 * Ride leaders (issue 40, docs/groups.md): a closed group with pace groups A and B; `leader` leads B (a ride leader
 * in it), `member` is in B without the role, `memberOfA` is in A only. An activity of the group limited to B, which
 * `member` joined, started a few minutes ago. A ride leader creates activities for the sub-groups they lead and takes
 * attendance; a plain member does neither; no ride leader manages members, roles, sub-groups or the group; the member
 * of A never meets the activity. A refused call changes nothing.
 */
describe('the authorization matrix of ride leaders', () => {
  type ClubRole = 'leader' | 'member' | 'memberOfA';
  type ClubWorld = Awaited<ReturnType<typeof newClubWorld>>;

  async function newClubWorld() {
    const [admin, leader, member, memberOfA] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    const { group } = await t.ok('group/create-new', { name: 'Pace club', type: 'CLOSED' }, admin.token);
    const { groupId } = group;
    const people = [leader, member, memberOfA];
    for (const person of people)
      await t.db.execute(
        sql`insert into connections (requester_id, addressee_id, status, accepted_at) values (${admin.id}, ${person.id}, 'ACCEPTED', now())`,
      );
    await t.ok('group/invite-users', { groupId, userIds: people.map((p) => p.id) }, admin.token);
    for (const person of people) await t.ok('group/participate', { groupId }, person.token);
    const paceGroup = async (name: string, inIt: { id: string }[]) => {
      const { subgroup } = await t.ok('group/create-subgroup', { groupId, ...PACE_B, name }, admin.token);
      for (const person of inIt)
        await t.ok(
          'group/assign-subgroup',
          { subgroupId: subgroup.subgroupId, userId: person.id, member: true },
          admin.token,
        );
      return subgroup.subgroupId;
    };
    const a = await paceGroup('Pace A', [memberOfA]);
    const b = await paceGroup('Pace B', [leader, member]);
    await t.ok('group/make-leader', { groupId, userId: leader.id }, admin.token);
    const activity = await newActivity(t, admin, { groupId, subgroupIds: [b], access: 'OPEN', visibility: 'PUBLIC' });
    await t.ok('activity/participate', { activityId: activity.activityId }, member.token);
    const now = Date.now();
    await t.db
      .update(activities)
      .set({ startsAt: new Date(now - 10 * 60_000), endsAt: new Date(now + 2 * 3_600_000) })
      .where(eq(activities.id, activity.activityId));
    return {
      groupId,
      subgroups: { a, b },
      activityId: activity.activityId,
      ids: { admin: admin.id, leader: leader.id, member: member.id, memberOfA: memberOfA.id },
      tokens: { leader: leader.token, member: member.token, memberOfA: memberOfA.token } as Record<ClubRole, string>,
    };
  }

  const activityFor = (w: ClubWorld, subgroupIds: string[]) => ({
    name: 'Tuesday ride',
    sportId: 'hiking',
    date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    startTime: '18:00',
    endTime: '20:00',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'MEDIUM',
    groupId: w.groupId,
    subgroupIds,
    route: {
      mode: 'POINTS',
      start: { latitude: 45.46, longitude: 9.19 },
      destination: { latitude: 45.47, longitude: 9.18 },
      routeSteps: [],
    },
  });

  /** Each cell: the call, its body, and who may make it (everyone else is refused and changes nothing). */
  const CELLS: { label: string; name: CallName; body: (w: ClubWorld) => unknown; allowed: ClubRole[] }[] = [
    { label: 'for B', name: 'activity/create-new', body: (w) => activityFor(w, [w.subgroups.b]), allowed: ['leader'] },
    { label: 'for A', name: 'activity/create-new', body: (w) => activityFor(w, [w.subgroups.a]), allowed: [] },
    { label: '', name: 'attendance/list-sheet', body: (w) => ({ activityId: w.activityId }), allowed: ['leader'] },
    // The requests to join with their records: read by the ride leader; answering them stays the organisers'.
    {
      label: '',
      name: 'activity/list-requests',
      body: (w) => ({ activityId: w.activityId, pagination: { page: 1, limit: 10 } }),
      allowed: ['leader'],
    },
    {
      label: '',
      name: 'activity/accept-request',
      body: (w) => ({ activityId: w.activityId, userId: w.ids.memberOfA }),
      allowed: [],
    },
    {
      label: '',
      name: 'attendance/mark',
      body: (w) => ({ activityId: w.activityId, userId: w.ids.member, mark: 'ATTENDED' }),
      allowed: ['leader'],
    },
    {
      label: '',
      name: 'activity/read-info',
      body: (w) => ({ activityId: w.activityId }),
      allowed: ['leader', 'member'],
    },
    ...(
      [
        ['group/make-admin', (w: ClubWorld) => ({ groupId: w.groupId, userId: w.ids.member })],
        ['group/remove-user', (w: ClubWorld) => ({ groupId: w.groupId, userId: w.ids.memberOfA })],
        [
          'group/update-existing',
          (w: ClubWorld) => ({ groupId: w.groupId, name: 'Ours now', description: '', type: 'OPEN' }),
        ],
        ['group/delete', (w: ClubWorld) => ({ groupId: w.groupId })],
        ['group/create-subgroup', (w: ClubWorld) => ({ groupId: w.groupId, ...PACE_B, name: 'Pace C' })],
        ['group/update-subgroup', (w: ClubWorld) => ({ subgroupId: w.subgroups.b, ...PACE_B, name: 'Pace Bee' })],
        ['group/delete-subgroup', (w: ClubWorld) => ({ subgroupId: w.subgroups.b })],
        [
          'group/assign-subgroup',
          (w: ClubWorld) => ({ subgroupId: w.subgroups.b, userId: w.ids.memberOfA, member: true }),
        ],
        ['group/make-leader', (w: ClubWorld) => ({ groupId: w.groupId, userId: w.ids.member })],
        ['group/remove-leader', (w: ClubWorld) => ({ groupId: w.groupId, userId: w.ids.leader })],
      ] as const
    ).map(([name, body]) => ({ label: '', name, body, allowed: [] as ClubRole[] })),
  ];

  const clubWorlds = new Map<string, Promise<ClubWorld>>();
  const cases = CELLS.flatMap((cell) =>
    (['leader', 'member', 'memberOfA'] as const).map(
      (role) => [`${cell.name} ${cell.label}`.trim(), role, cell] as const,
    ),
  );
  it.each(cases)('%s as %s', async (key, role, cell) => {
    if (!clubWorlds.has(key)) clubWorlds.set(key, newClubWorld());
    const w = await clubWorlds.get(key)!;
    const before = await lastWrite();
    const res = await t.call(cell.name, cell.body(w) as never, w.tokens[role]);
    if (cell.allowed.includes(role)) expect(res.status, JSON.stringify(res.body)).toBe(200);
    else {
      expect(res.status, JSON.stringify(res.body)).toBeOneOf([403, 404]);
      expect(await writtenSince(before)).toEqual([]);
    }
  });
});
