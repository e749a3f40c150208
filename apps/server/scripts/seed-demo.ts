/**
 * Demo data: `npm run seed:demo` fills the configured database (PGlite in DATA_DIR, or DATABASE_URL) with people
 * around Milan, their contacts, groups, activities on real-looking routes (some from GPX tracks made here),
 * participation, requests and a few chat messages, so that a newcomer sees a living app.
 *
 * Activities go through the activities service itself, so they follow every rule (routes measured by
 * packages/geo, chats opened, notifications recorded). Running it again replaces the earlier demo data.
 * PGlite cannot be shared between processes: stop the server first when it uses the same DATA_DIR.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVACY_VERSION, passwordProblem, TERMS_VERSION } from '@cordata/contract';
import { hash } from '@node-rs/argon2';
import { and, eq, inArray, like } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import {
  activities,
  activityAttendance,
  chatMembers,
  connections,
  groupMembers,
  groups,
  messages,
  userSports,
  users,
} from '../src/db/schema.ts';
import { createAccess } from '../src/modules/access/access.ts';
import { createActivitiesRepository } from '../src/modules/activities/activities.repository.ts';
import { createActivitiesService } from '../src/modules/activities/activities.service.ts';
import { activityMembershipPolicy } from '../src/modules/activities/activity-membership.ts';
import { activityTimes } from '../src/modules/activities/activity-time.ts';
import { createRouteComputer } from '../src/modules/activities/route-computer.ts';
import { createChatMembership, noChatEvents } from '../src/modules/chat/chat-membership.ts';
import { createMembershipRepository } from '../src/modules/membership/membership.repository.ts';
import { createMembership } from '../src/modules/membership/membership.service.ts';
import { createNotifier } from '../src/modules/notifications/notifier.ts';
import { createRecapNotices } from '../src/modules/recap/recap-notices.ts';
import { createSeatsRepository } from '../src/modules/seats/seats.repository.ts';
import { createSeats } from '../src/modules/seats/seats.service.ts';
import { createSeriesService } from '../src/modules/series/series.service.ts';
import { createChanges } from '../src/modules/shared/changes.ts';
import { createSportsRepository } from '../src/modules/sports/sports.repository.ts';
import { createSportsService } from '../src/modules/sports/sports.service.ts';
import { searchable } from '../src/modules/users/user-summary.ts';
import type { Realtime } from '../src/realtime/realtime.ts';
import { DEMO_ACTIVITIES, DEMO_GROUPS, DEMO_MESSAGES, DEMO_PEOPLE, gpxTrack } from './seed-demo.data.ts';

export const DEMO_PASSWORD = 'Sentiero#2026';
const DEMO_DOMAIN = 'demo.cordata.app';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(2);
}

if (!config.DATABASE_URL) {
  // PGlite keeps postmaster.pid in its directory while a process has it open, and removes it on close.
  const pidFile = join(config.dataDir, 'pgdata', 'postmaster.pid');
  if (existsSync(pidFile)) {
    console.error(
      `The database in ${config.dataDir} is open in another process (a running server?): stop it and run this again.\n` +
        'PGlite cannot be shared between processes. If no server is running, a crash left ' +
        `${pidFile} behind: delete it.`,
    );
    process.exit(1);
  }
}
if (passwordProblem(DEMO_PASSWORD)) throw new Error('The demo password must follow the password rule');

const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
});
const { db } = database;

// Nobody is connected while seeding: live events have nowhere to go.
const silent = new Proxy({}, { get: () => () => {} }) as Realtime;
const sportsRepository = createSportsRepository(db);
const chatMembership = createChatMembership({ db, realtime: silent });
const changes = createChanges({
  db,
  notifier: createNotifier({ db, realtime: silent }),
  chatMembership,
  log: { warn: (details, message) => console.warn(message, details) },
});
const now = () => new Date();
const access = createAccess(db);
const activitiesRepository = createActivitiesRepository(db);
const memberships = createMembershipRepository(db);
const seats = createSeats({
  repo: createSeatsRepository(db),
  changes,
  access,
  realtime: silent,
  seat: (...args) => members.seat(...args),
  adminIds: (activityId, tx) => memberships.adminIds('activity', activityId, tx),
  now,
  immediate: false,
  log: { warn: (details, message) => console.warn(message, details) },
});
const members = createMembership(
  activityMembershipPolicy({ access, repo: activitiesRepository, now, capacity: seats.capacity }),
  {
    repo: memberships,
    changes,
    chatMembership,
    now,
  },
);
const series = createSeriesService({ db, changes, members, memberships, chatMembership, now });
const service = createActivitiesService({
  db,
  repo: activitiesRepository,
  routes: createRouteComputer(),
  // The demo sends its GPX tracks inline: there are no uploads to read.
  routeFiles: {
    read: () => Promise.reject(new Error('the demo seed has no uploads')),
  },
  sports: createSportsService(sportsRepository),
  changes,
  members,
  memberships,
  groups: access,
  chatMembership,
  seats,
  series,
  now,
  // The demo seed creates activities only; nothing it reads shows places.
  readerLanguage: async () => 'en',
});

const ROME = 'Europe/Rome';

/** How far ahead a past outing is planned before it is moved back to its day. */
const PLANNED_AHEAD_DAYS = 20;

/**
 * Moves a planned outing back to its day in the past and writes the organiser's attendance marks, so its recap
 * (who came, the route, the album) is there to open, announced as the job announces it. The organiser counts as there.
 */
async function happened(a: (typeof DEMO_ACTIVITIES)[number], activityId: string, id: (index: number) => string) {
  const date = romeDay(a.inDays);
  const { startsAt, endsAt } = activityTimes({ date, startTime: a.startTime, endTime: a.endTime });
  await db.update(activities).set({ date, startsAt, endsAt }).where(eq(activities.id, activityId));
  const markedAt = new Date(endsAt.getTime() + 3_600_000);
  const there = new Set([a.creator, ...(a.attended ?? [])]);
  await db.insert(activityAttendance).values(
    [a.creator, ...(a.join ?? [])].map((p) => ({
      activityId,
      userId: id(p),
      status: there.has(p) ? ('ATTENDED' as const) : ('NO_SHOW' as const),
      markedBy: id(a.creator),
      markedAt,
    })),
  );
  // The recap-ready notice, as the job sent it a minute after the end: the way into the recap from the bell.
  await createRecapNotices({ changes, now: () => new Date(endsAt.getTime() + 60_000) }).run();
}

/** The local day in Rome `days` from today. */
const romeDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ROME }).format(new Date(Date.now() + days * 86_400_000));

let seed = 2026;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

try {
  await migrate(database);
  await sportsRepository.seed();

  // Earlier demo data goes first, so a second run starts clean (activities and groups outlive their creators).
  const previous = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${DEMO_DOMAIN}`));
  if (previous.length) {
    const ids = previous.map((u) => u.id);
    await db.delete(activities).where(inArray(activities.createdBy, ids));
    await db.delete(groups).where(inArray(groups.createdBy, ids));
    await db.delete(users).where(inArray(users.id, ids));
    console.log(`Removed the earlier demo data (${ids.length} people).`);
  }

  const passwordHash = await hash(DEMO_PASSWORD);
  const now = new Date();
  const people = await db
    .insert(users)
    .values(
      DEMO_PEOPLE.map((p) => {
        const username = `${p.firstName}${p.lastName}`.toLowerCase().replace(/[^a-z0-9]/g, '');
        const mailbox = `${p.firstName}.${p.lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
        return {
          email: `${mailbox}@${DEMO_DOMAIN}`,
          passwordHash,
          emailConfirmedAt: now,
          username,
          firstName: p.firstName,
          lastName: p.lastName,
          searchName: searchable(p.firstName, p.lastName, username),
          country: 'Italy',
          city: p.city,
          birthDate: p.birthDate,
          gender: p.gender,
          homeLatitude: p.home[0],
          homeLongitude: p.home[1],
          language: p.language,
          completed: true,
          lastOnlineAt: new Date(now.getTime() - Math.floor(random() * 72) * 3_600_000),
          termsAcceptedAt: now,
          termsVersion: TERMS_VERSION,
          privacyAcceptedAt: now,
          privacyVersion: PRIVACY_VERSION,
        };
      }),
    )
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  const id = (index: number) => people[index]!.id;
  await db
    .insert(userSports)
    .values(
      DEMO_PEOPLE.flatMap((p, i) =>
        p.sports.map((s) => ({ userId: id(i), sportId: s.sportId, intensityKind: s.kind, intensityValue: s.value })),
      ),
    );

  // Contacts: everyone knows their neighbours in the list, and a few know many more; some requests wait.
  const pairs = new Map<string, { a: number; b: number; accepted: boolean }>();
  DEMO_PEOPLE.forEach((_, i) => {
    for (const step of [1, 2, 3, 5]) {
      const j = (i + step) % DEMO_PEOPLE.length;
      const key = [i, j].sort((x, y) => x - y).join('-');
      if (!pairs.has(key)) pairs.set(key, { a: i, b: j, accepted: step !== 5 });
    }
  });
  await db.insert(connections).values(
    [...pairs.values()].map(({ a, b, accepted }) => ({
      requesterId: id(a),
      addresseeId: id(b),
      status: accepted ? ('ACCEPTED' as const) : ('PENDING' as const),
      acceptedAt: accepted ? now : null,
    })),
  );

  // Groups are inserted directly (the groups module owns their rules); each has its chat.
  const groupIds: string[] = [];
  for (const g of DEMO_GROUPS) {
    const [group] = await db
      .insert(groups)
      .values({
        name: g.name,
        searchName: searchable(g.name),
        description: g.description,
        type: g.type,
        sportIds: g.sportIds,
        latitude: g.place[0],
        longitude: g.place[1],
        address: g.address,
        createdBy: id(g.members[0]!),
      })
      .returning({ id: groups.id });
    groupIds.push(group!.id);
    await db.insert(groupMembers).values(
      g.members.map((m, i) => ({
        groupId: group!.id,
        userId: id(m),
        state: 'PARTICIPATING' as const,
        isAdmin: i === 0,
        joinedAt: now,
      })),
    );
    const out = noChatEvents();
    const chatId = await chatMembership.create(db, { kind: 'GROUP', groupId: group!.id }, id(g.members[0]!), out);
    for (const m of g.members.slice(1)) await chatMembership.join(db, { kind: 'CHAT', chatId }, id(m), out);
  }

  let created = 0;
  let past = 0;
  const chatsWithPeople: { chatId: string; members: number[] }[] = [];
  for (const a of DEMO_ACTIVITIES) {
    const creator = id(a.creator);
    // An outing in the past is planned ahead like any other (the service takes no past date), then moved back.
    const { activity } = await service.create(
      creator,
      {
        name: a.name,
        sportId: a.sportId,
        date: romeDay(a.inDays < 0 ? PLANNED_AHEAD_DAYS : a.inDays),
        startTime: a.startTime,
        endTime: a.endTime,
        description: a.description,
        contact: a.contact,
        access: a.access,
        visibility: a.visibility,
        difficulty: a.difficulty,
        requiredTime: a.requiredTime,
        groupId: a.group === undefined ? null : groupIds[a.group],
        route: a.route.mode === 'GPX' ? { mode: 'GPX', gpx: gpxTrack(a.name, a.route.track) } : a.route,
        invitedUserIds: (a.invite ?? []).map(id),
      },
      'http://localhost',
    );
    created += 1;
    for (const p of a.join ?? []) await members.participate(id(p), activity.activityId);
    for (const p of a.request ?? []) await members.requestAccess(id(p), activity.activityId);
    for (const p of a.accept ?? []) await members.acceptRequest(creator, activity.activityId, id(p));
    for (const [p, reason] of a.reject ?? []) await members.rejectRequest(creator, activity.activityId, id(p), reason);
    if (a.inDays < 0) {
      await happened(a, activity.activityId, id);
      past += 1;
    }
    if (activity.chatId) {
      chatsWithPeople.push({ chatId: activity.chatId, members: [a.creator, ...(a.join ?? []), ...(a.accept ?? [])] });
    }
  }

  // A few words in the chats, from people who are in them.
  let said = 0;
  for (const [index, chat] of chatsWithPeople.entries()) {
    const lines = DEMO_MESSAGES[index % DEMO_MESSAGES.length]!;
    for (const [i, text] of lines.entries()) {
      const sender = chat.members[i % chat.members.length]!;
      const [member] = await db
        .select()
        .from(chatMembers)
        .where(and(eq(chatMembers.chatId, chat.chatId), eq(chatMembers.userId, id(sender))));
      if (!member) continue;
      await db.insert(messages).values({ chatId: chat.chatId, senderId: id(sender), kind: 'TEXT', text });
      said += 1;
    }
  }

  console.log(
    `Demo data: ${people.length} people, ${pairs.size} contacts, ${groupIds.length} groups, ${created} activities ` +
      `(${past} already happened, with their recaps), ${said} messages.`,
  );
  console.log(`\nSign in as any of them with the password ${DEMO_PASSWORD}, for example:`);
  for (const p of people.slice(0, 4)) console.log(`  ${p.email}`);
} finally {
  await database.close();
}
