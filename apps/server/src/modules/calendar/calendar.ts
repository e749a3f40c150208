import { groupFeedPath } from '@cordata/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { isUuid } from '../../http/ids.ts';
import { type KeyRing, ringMatches, ringSign } from '../../secrets.ts';
import { type Access, activityRules } from '../access/access.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import { viewerMapped } from '../privacy/viewer-mapped.ts';
import { downloadName } from '../shared/file-name.ts';
import { type CalendarRepository, createCalendarRepository } from './calendar.repository.ts';
import { activityEvent, icsPlace, writeIcs } from './ics.ts';

const PAST_DAYS = 30;
const MAX_EVENTS = 500;

/** The id of a `{id}.ics` path segment, when it is one. */
const icsName = (file: string) => {
  const id = /^(.+)\.ics$/.exec(file)?.[1];
  return id && isUuid(id) ? id : undefined;
};

interface CalendarDeps {
  db: Db;
  access: Access;
  /** Signs the private feed addresses (and still accepts those of a master being rotated out). */
  keys: KeyRing;
  product: string;
  /** The origin written into event links (PUBLIC_URL), empty for none. */
  publicUrl: string;
  now: () => Date;
  /** The organisers' privacy zones hide starts inside them from everyone else (docs/privacy.md). */
  privacy: Pick<PrivacyTrim, 'zonesFor'>;
  /** The calendars' SQL; made from `db` when not given. */
  repo?: CalendarRepository;
}

/**
 * Calendars, for "Add to calendar" and for subscriptions (issue 19). One activity as a file, for whoever
 * may see it. Feeds that a calendar app fetches with GET and no token:
 * - an open group's public activities, for anyone (`groupFeedPath`);
 * - a person's own activities, and a group's activities as that member sees them, at addresses that are
 *   HMACs over the person, the group and a version: the address is the secret, resetting bumps the version,
 *   and a member who leaves, is suspended or deletes the account gets 404 from the next fetch on.
 * Times are UTC in the files, so every calendar app places them right in its own time zone.
 */
export function createCalendar(deps: CalendarDeps) {
  const repo = deps.repo ?? createCalendarRepository(deps.db);
  const root = `/api/space/${deps.product}/calendar`;
  const personalPath = (userId: string, token: string) => `${root}/people/${userId}/${token}.ics`;
  const memberGroupPath = (groupId: string, userId: string, token: string) =>
    `${root}/groups/${groupId}/${userId}/${token}.ics`;

  const tokenFormat = (mac: Buffer) => mac.toString('base64url').slice(0, 32);
  const token = (subject: string, version: number) =>
    ringSign(deps.keys, `calendar:${subject}:${version}`, tokenFormat);
  const tokenMatches = (given: string, subject: string, version: number) =>
    ringMatches(deps.keys, `calendar:${subject}:${version}`, given, tokenFormat);

  /** The feed version of a live, unsuspended person (null otherwise: their feeds answer 404). */
  async function feedVersion(userId: string) {
    const row = await repo.feedVersion(userId);
    if (!row || (row.suspendedUntil && row.suspendedUntil > deps.now())) return null;
    return row.version;
  }

  const liveGroup = (groupId: string) => repo.liveGroup(groupId);

  /** Feeds hold the activities that end within the last 30 days or later. */
  const since = () => new Date(deps.now().getTime() - PAST_DAYS * 86_400_000);

  /**
   * A feed's events, read for `readerId` (null: anybody): activities that end within the last 30 days or later,
   * soonest first; a cancelled date of a series stays, as STATUS:CANCELLED, so calendar apps that have it take it
   * off (issue 22).
   */
  async function feedEvents(rows: { activity: ActivityRow; exact: boolean }[], readerId: string | null) {
    const zones = await deps.privacy.zonesFor(
      readerId,
      rows.map((r) => r.activity.createdBy),
    );
    return rows.map(({ activity: a, exact }) =>
      activityEvent(a, deps.publicUrl, icsPlace(a, exact, zones.zonesOf(a.createdBy))),
    );
  }

  const sendIcs = (
    reply: FastifyReply,
    name: string,
    events: Awaited<ReturnType<typeof feedEvents>>,
    cache: 'public' | 'private' = 'private',
  ) =>
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', `${cache}, max-age=300`)
      .send(writeIcs({ name, now: deps.now(), events }));

  async function personalFeedUrl(userId: string, baseUrl: string) {
    const version = await feedVersion(userId);
    if (version === null) throw new ApiError('UNAUTHORIZED');
    return `${baseUrl}${personalPath(userId, token(`person:${userId}`, version))}`;
  }

  const handlers: Handlers = {
    'calendar/activity-ics': async ({ body, user }) => {
      const row = await deps.access.require('activity', body.activityId, user.userId, { as: 'viewer' });
      const a = row.activity;
      const zones = await deps.privacy.zonesFor(user.userId, [a.createdBy]);
      const exact = activityRules.exactPointVisible({ access: a.access, myState: row.member?.state ?? null });
      const event = activityEvent(a, deps.publicUrl, icsPlace(a, exact, zones.zonesOf(a.createdBy)));
      // activityEvent writes the place this reader may see (the start, the area or none): the file is theirs.
      return viewerMapped({
        fileName: downloadName(a.name, `-${a.date}.ics`, 'activity'),
        ics: writeIcs({ name: a.name, now: deps.now(), events: [event] }),
      });
    },
    'calendar/my-feed': async ({ user, baseUrl }) => ({ url: await personalFeedUrl(user.userId, baseUrl) }),
    'calendar/reset-my-feeds': async ({ user, baseUrl }) => {
      await repo.bumpFeedVersion(user.userId);
      return { url: await personalFeedUrl(user.userId, baseUrl) };
    },
    'calendar/group-feed': async ({ body, user, baseUrl }) => {
      const group = await liveGroup(body.groupId);
      if (!group) throw new ApiError('GROUP_NOT_FOUND');
      if (await deps.access.isGroupMember(group.id, user.userId)) {
        const version = await feedVersion(user.userId);
        if (version === null) throw new ApiError('UNAUTHORIZED');
        const signed = token(`group:${group.id}:${user.userId}`, version);
        return { url: `${baseUrl}${memberGroupPath(group.id, user.userId, signed)}` };
      }
      if (group.type !== 'OPEN') throw new ApiError('FORBIDDEN');
      return { url: `${baseUrl}${groupFeedPath(deps.product, group.id)}` };
    },
  };

  function registerFeeds(app: FastifyInstance) {
    const notFound = (code: 'NOT_FOUND' | 'GROUP_NOT_FOUND' = 'NOT_FOUND') => new ApiError(code);

    app.get<{ Params: { file: string } }>(`${root}/groups/:file`, { schema: { hide: true } }, async (req, reply) => {
      const groupId = icsName(req.params.file);
      const group = groupId ? await liveGroup(groupId) : null;
      if (group?.type !== 'OPEN') throw notFound('GROUP_NOT_FOUND');
      const events = await feedEvents(await repo.groupPublicFeed(group.id, since(), MAX_EVENTS), null);
      return sendIcs(reply, group.name, events, 'public');
    });

    app.get<{ Params: { userId: string; file: string } }>(
      `${root}/people/:userId/:file`,
      { schema: { hide: true } },
      async (req, reply) => {
        const { userId } = req.params;
        const given = /^([\w-]{32})\.ics$/.exec(req.params.file)?.[1];
        const version = given && isUuid(userId) ? await feedVersion(userId) : null;
        if (version === null || !tokenMatches(given!, `person:${userId}`, version)) throw notFound();
        const events = await feedEvents(await repo.personalFeed(userId, since(), MAX_EVENTS), userId);
        return sendIcs(reply, 'Cordata', events);
      },
    );

    app.get<{ Params: { groupId: string; userId: string; file: string } }>(
      `${root}/groups/:groupId/:userId/:file`,
      { schema: { hide: true } },
      async (req, reply) => {
        const { groupId, userId } = req.params;
        const given = /^([\w-]{32})\.ics$/.exec(req.params.file)?.[1];
        const version = given && isUuid(groupId) && isUuid(userId) ? await feedVersion(userId) : null;
        if (version === null || !tokenMatches(given!, `group:${groupId}:${userId}`, version)) throw notFound();
        const group = await liveGroup(groupId);
        if (!group || !(await deps.access.isGroupMember(group.id, userId))) throw notFound();
        const events = await feedEvents(await repo.memberGroupFeed(group.id, userId, since(), MAX_EVENTS), userId);
        return sendIcs(reply, group.name, events);
      },
    );
  }

  return { handlers, registerFeeds };
}
