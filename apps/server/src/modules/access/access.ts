import type { Access as ActivityAccess, GroupType, Visibility } from '@cordata/contract/enums';
import { and, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedOn, queryRows, uuidArray } from '../../db/client.ts';
import {
  activities,
  activityMembers,
  chatMembers,
  chats,
  connections,
  groupMembers,
  groups,
  type MemberState,
  pollInvitees,
  polls,
  subgroupMembers,
  subgroups,
  userBlocks,
} from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * Who may see what, written once. Each rule has two faces that must agree: a pure function over the facts
 * (what services check on rows they already hold, and what the property test holds the listings to), and
 * an SQL predicate (what every listing filters with). `access.property.test.ts` checks that every listing
 * returns exactly what these rules allow, for random worlds.
 */

/** An id in an SQL predicate: a value, a column, or a placeholder of a prepared statement. */
export type Viewer = string | SQLWrapper;

/** A membership row as the rules see it. */
export interface Membership {
  state: MemberState;
  isAdmin: boolean;
}

/** Takes part (a member of a group, a participant of an activity); invited, requesting or rejected people do not. */
export const isMember = (m: Membership | null | undefined): boolean => m?.state === 'PARTICIPATING';
/** Administers: an admin who takes part. */
export const isAdmin = (m: Membership | null | undefined): boolean => isMember(m) && m!.isAdmin;
/** Leads rides in a group (issue 40): a ride leader who takes part. Admins are not ride leaders by this rule. */
export const isLeader = (m: (Membership & { isLeader?: boolean }) | null | undefined): boolean =>
  isMember(m) && m!.isLeader === true;

export interface ActivityFacts {
  visibility: Visibility;
  access: ActivityAccess;
  /** The organisers made the list of who takes part public (issue 23). */
  participantsPublic: boolean;
  /** The viewer's membership state in the activity, null without a row. */
  myState: MemberState | null;
  /** Whether the viewer is a member of the activity's group (false without a group). */
  inGroup: boolean;
  /** Whether the viewer created the activity (they keep seeing it after leaving it). */
  isCreator: boolean;
  /** The activity is limited to sub-groups of its group (issue 40): its `subgroupIds` are not empty. */
  limited: boolean;
  /** The viewer takes part in the activity's group and is in one of the sub-groups it is limited to. */
  inSubgroup: boolean;
  /** The viewer administers the activity's group (false without a group). */
  groupAdmin: boolean;
}

export const activityRules = {
  /**
   * Anyone sees a public activity; a private one is seen by those with a membership row (invited,
   * requesting, rejected, taking part or removed: they need to see what they were asked into or left),
   * by the members of its group and by its creator. To everyone else it does not exist (404).
   */
  visible: (
    f: Pick<
      ActivityFacts,
      'visibility' | 'myState' | 'inGroup' | 'isCreator' | 'limited' | 'inSubgroup' | 'groupAdmin'
    >,
  ) =>
    f.limited
      ? activityRules.limitedVisible(f)
      : f.visibility === 'PUBLIC' || f.myState !== null || f.inGroup || f.isCreator,
  /**
   * An activity limited to sub-groups (issue 40, docs/groups.md) is seen by the members of those sub-groups who take
   * part in the group (the ride leaders of those sub-groups among them), by the group's admins and by its creator,
   * whatever its visibility and whatever membership rows anyone else has: to everyone else, members of other
   * sub-groups and outsiders, it does not exist — in every listing, feed, notification, invitation and share page,
   * since all of them ask this rule (activityVisibleSql).
   */
  limitedVisible: (f: Pick<ActivityFacts, 'isCreator' | 'inSubgroup' | 'groupAdmin'>) =>
    f.isCreator || f.groupAdmin || f.inSubgroup,
  /**
   * Who takes part is for those taking part (organisers included), and for everyone who sees the activity once
   * its organisers make the list public (issue 23). Everyone else sees the count only.
   */
  participantsVisible: (f: Pick<ActivityFacts, 'participantsPublic' | 'myState'>) =>
    f.participantsPublic || f.myState === 'PARTICIPATING',
  /**
   * The exact meeting point (the start, the route's first and last stretch) of a closed activity is for those
   * taking part; everyone else sees an area around an offset centre (docs/activities.md). Anyone may join an open
   * activity, so hiding its start would protect nothing.
   */
  exactPointVisible: (f: Pick<ActivityFacts, 'access' | 'myState'>) =>
    f.access === 'OPEN' || f.myState === 'PARTICIPATING',
};

/** What a call asks of its caller: to see the activity, to take part in it, or to organise it. */
export type Role = 'viewer' | 'participant' | 'organiser';

/** What `require` knows of the caller: whether they see the activity, their membership, and any organiser's block. */
export interface CallerFacts {
  visible: boolean;
  member: Membership | null;
  /** An organiser taking part has blocked the caller. */
  blockedByOrganiser: boolean;
}

/**
 * Whether the caller may make a call that asks `as` of them: 'not found' when they may not know the activity exists,
 * 'forbidden' when they see it but may not do this. A participant an organiser blocked is refused participant-only
 * calls unless the call allows them (`blocked: 'allow'`); organisers and mere viewers are not asked about blocks.
 */
export function admits(as: Role, f: CallerFacts, blocked: 'forbid' | 'allow'): 'ok' | 'not found' | 'forbidden' {
  if (!f.visible) return 'not found';
  if (as === 'organiser') return isAdmin(f.member) ? 'ok' : 'forbidden';
  if (as === 'participant') {
    if (!isMember(f.member)) return 'forbidden';
    if (blocked === 'forbid' && f.blockedByOrganiser) return 'forbidden';
  }
  return 'ok';
}

export interface GroupFacts {
  type: GroupType;
  myState: MemberState | null;
}

/** What the club rules (issue 40) know of a caller in a group. */
export interface ClubFacts {
  type: GroupType;
  member: (Membership & { isLeader: boolean }) | null;
}

export const clubRules = {
  /** Sub-groups are defined, renamed, deleted and filled by the group's admins only; ride leaders too may not. */
  manageSubgroups: (f: ClubFacts) => isAdmin(f.member),
  /** Naming and unnaming ride leaders is managing roles: admins only. */
  manageLeaders: (f: ClubFacts) => isAdmin(f.member),
  /** A member picks their own sub-groups, and whether the admins see their e-mail in the roster. */
  pickSubgroups: (f: ClubFacts) => isMember(f.member),
  /** The roster (names, sub-groups, roles, attendance) is the admins': they manage the members. */
  exportRoster: (f: ClubFacts) => isAdmin(f.member),
  /**
   * Limiting an activity or series to sub-groups: the group's admins, or a ride leader who is in every one of those
   * sub-groups (who leads them). Any member may still add an activity to the group without a limit.
   */
  mayLimit: (f: ClubFacts & { inEvery: boolean }) => isAdmin(f.member) || (isLeader(f.member) && f.inEvery),
  /**
   * Taking attendance of one of the group's activities (and seeing the records on its closed joins): its organisers
   * (activityRules), and the group's admins and ride leaders who see the activity.
   */
  takesAttendance: (f: ClubFacts & { organiser: boolean; visible: boolean }) =>
    f.visible && (f.organiser || isAdmin(f.member) || isLeader(f.member)),
};

/** What the poll rule knows of a viewer and a date poll (issue 40, docs/polls.md). */
export interface PollFacts {
  isCreator: boolean;
  /** The poll asks a group (its members), else chosen contacts. */
  forGroup: boolean;
  /** It asks one sub-group of that group. */
  forSubgroup: boolean;
  invited: boolean;
  groupMember: boolean;
  groupAdmin: boolean;
  inSubgroup: boolean;
}

export const pollRules = {
  /**
   * Who a date poll asks, sees and answers: its creator; for a group's poll, the people taking part in the group, and
   * for a sub-group's poll those of them in the sub-group and the group's admins (as an activity limited to it); for
   * a poll to contacts, the contacts it names. To everyone else it does not exist.
   */
  asked: (f: PollFacts) =>
    f.isCreator || (f.forGroup ? f.groupMember && (!f.forSubgroup || f.inSubgroup || f.groupAdmin) : f.invited),
};

export const groupRules = {
  /** Every live group can be found and read; its members and calendar are the question. */
  visible: (_f: GroupFacts) => true,
  /** Who is in a closed group, and what it plans, is for its members only. */
  membersVisible: (f: GroupFacts) => f.type === 'OPEN' || f.myState === 'PARTICIPATING',
};

/** One person blocked another (issue 23). */
export interface Block {
  blockerId: string;
  blockedId: string;
}

export const blockRules = {
  /**
   * Either of the two has blocked the other. Then nothing one does reaches the other: no notification, invitation,
   * message or mention, and neither finds what the other organises (docs/people.md, security review M-N3). Who
   * blocked whom is never told.
   */
  blockedPair: (blocks: readonly Block[], a: string, b: string) =>
    blocks.some((x) => (x.blockerId === a && x.blockedId === b) || (x.blockerId === b && x.blockedId === a)),
};

export interface DirectFacts {
  /** The two are contacts: an accepted connection. */
  contacts: boolean;
  /** Either has blocked the other. */
  blocked: boolean;
}

export const directRules = {
  /**
   * Two people may open a direct chat and send in it while they are contacts and neither has blocked
   * the other. A chat that exists stays readable to both when that ends; only sending is refused
   * (NOT_A_CONTACT, which never tells who blocked whom).
   */
  mayMessage: (f: DirectFacts) => f.contacts && !f.blocked,
};

// ---- SQL faces -------------------------------------------------------------------------------------------

/** The viewer takes part in the group `groupId` (a column or a value). */
export const groupMemberSql = (groupId: Viewer, viewer: Viewer) =>
  sql`exists (select 1 from ${groupMembers} access_gm
    where access_gm.group_id = ${groupId} and access_gm.user_id = ${viewer} and access_gm.state = 'PARTICIPATING')`;

/** The viewer administers the group `groupId` (a column or a value). */
export const groupAdminSql = (groupId: Viewer, viewer: Viewer) =>
  sql`exists (select 1 from ${groupMembers} access_ga
    where access_ga.group_id = ${groupId} and access_ga.user_id = ${viewer} and access_ga.state = 'PARTICIPATING'
      and access_ga.is_admin)`;

/** ActivityFacts.inSubgroup over the `activities` table. */
export const inActivitySubgroupSql = (viewer: Viewer) =>
  sql`(exists (select 1 from ${subgroupMembers} access_sm
      join ${subgroups} access_sg on access_sg.id = access_sm.subgroup_id
      where access_sm.user_id = ${viewer} and access_sm.subgroup_id = any(${activities.subgroupIds})
        and access_sg.group_id = ${activities.groupId})
    and ${groupMemberSql(activities.groupId, viewer)})`;

/** activityRules.visible over the `activities` table. */
export const activityVisibleSql = (viewer: Viewer) =>
  sql`(case when cardinality(${activities.subgroupIds}) > 0
    then (${activities.createdBy} = ${viewer}
      or (${activities.groupId} is not null and ${groupAdminSql(activities.groupId, viewer)})
      or ${inActivitySubgroupSql(viewer)})
    else (${activities.visibility} = 'PUBLIC' or ${activities.createdBy} = ${viewer}
      or exists (select 1 from ${activityMembers} access_am
        where access_am.activity_id = ${activities.id} and access_am.user_id = ${viewer})
      or (${activities.groupId} is not null and ${groupMemberSql(activities.groupId, viewer)})) end)`;

/** pollRules.asked over the `polls` table (its group still live). */
export const pollAskedSql = (viewer: Viewer) =>
  sql`(${polls.creatorId} = ${viewer}
    or (${polls.groupId} is null and exists (select 1 from ${pollInvitees} access_pi
      where access_pi.poll_id = ${polls.id} and access_pi.user_id = ${viewer}))
    or (${polls.groupId} is not null
      and exists (select 1 from ${groups} access_pg where access_pg.id = ${polls.groupId} and access_pg.deleted_at is null)
      and ${groupMemberSql(polls.groupId, viewer)}
      and (${polls.subgroupId} is null or ${groupAdminSql(polls.groupId, viewer)}
        or exists (select 1 from ${subgroupMembers} access_ps
          where access_ps.subgroup_id = ${polls.subgroupId} and access_ps.user_id = ${viewer}))))`;

/** activityRules.visible for nobody in particular (a public calendar feed): public and not limited to sub-groups. */
export const activityPublicSql = sql`(${activities.visibility} = 'PUBLIC' and cardinality(${activities.subgroupIds}) = 0)`;

/** The viewer takes part in the activity of the `activities` row. */
const participatesSql = (viewer: Viewer) =>
  sql`exists (select 1 from ${activityMembers} access_ap
      where access_ap.activity_id = ${activities.id} and access_ap.user_id = ${viewer}
        and access_ap.state = 'PARTICIPATING')`;

/** activityRules.participantsVisible over the `activities` table. */
export const activityParticipantsVisibleSql = (viewer: Viewer) =>
  sql`(${activities.participantsPublic} or ${participatesSql(viewer)})`;

/** activityRules.exactPointVisible over the `activities` table. */
export const activityExactPointVisibleSql = (viewer: Viewer) =>
  sql`(${activities.access} = 'OPEN' or ${participatesSql(viewer)})`;

/** CallerFacts.blockedByOrganiser over the `activities` table: an admin taking part has blocked the viewer. */
export const blockedByOrganiserSql = (viewer: Viewer) =>
  sql`exists (select 1 from ${activityMembers} access_ao
      where access_ao.activity_id = ${activities.id} and access_ao.state = 'PARTICIPATING' and access_ao.is_admin
        and ${hasBlockedSql(sql`access_ao.user_id`, viewer)})`;

/**
 * The organisers of the activity (its admins taking part) in id order, as one JSON array over the `activities` table:
 * whom a person's own join or request tells, read with the row that join holds shared (an admin's change waits for it).
 */
export const organiserIdsSql = () =>
  sql<string[]>`(select coalesce(json_agg(access_oi.user_id order by access_oi.user_id), '[]')
    from ${activityMembers} access_oi
    where access_oi.activity_id = ${activities.id} and access_oi.state = 'PARTICIPATING' and access_oi.is_admin)`;

/** groupRules.membersVisible over the `groups` table. */
export const groupMembersVisibleSql = (viewer: Viewer) =>
  sql`(${groups.type} = 'OPEN' or ${groupMemberSql(groups.id, viewer)})`;

/**
 * The viewer is a current member of a chat whose activity or group is live: a chat of content that was
 * deleted (by its admins or a moderator) is closed to everyone, history included.
 */
export const chatMemberSql = (chatId: Viewer, viewer: Viewer) =>
  sql`exists (select 1 from ${chatMembers} access_cm
    join ${chats} access_c on access_c.id = access_cm.chat_id
    left join ${activities} access_a on access_a.id = access_c.activity_id
    left join ${groups} access_g on access_g.id = access_c.group_id
    where access_cm.chat_id = ${chatId} and access_cm.user_id = ${viewer} and access_cm.left_at is null
      and access_a.deleted_at is null and access_g.deleted_at is null)`;

/**
 * `blocker` has blocked `blocked` (ids or columns), one way: what a blocker administers takes the blocked person's
 * joins as requests nobody is told of, and passes them over on the waitlist.
 */
export const hasBlockedSql = (blocker: Viewer, blocked: Viewer) =>
  sql`exists (select 1 from ${userBlocks} access_ub
    where access_ub.blocker_id = ${blocker} and access_ub.blocked_id = ${blocked})`;

/** blockRules.blockedPair between two people (ids or columns). */
export const blockedPairSql = (a: Viewer, b: Viewer) => sql`(${hasBlockedSql(a, b)} or ${hasBlockedSql(b, a)})`;

/**
 * The creator of the `activities` row and the viewer are not a blocked pair: listings leave out what the viewer
 * blocked someone from, or someone who blocked the viewer, organises (security review M-N3).
 */
export const organiserNotBlockedSql = (viewer: Viewer) => sql`not ${blockedPairSql(activities.createdBy, viewer)}`;

/** directRules.mayMessage between two people (ids or columns). */
export const mayMessageSql = (a: Viewer, b: Viewer) =>
  sql`(exists (select 1 from ${connections} access_cn where access_cn.status = 'ACCEPTED'
      and ((access_cn.requester_id = ${a} and access_cn.addressee_id = ${b})
        or (access_cn.requester_id = ${b} and access_cn.addressee_id = ${a})))
    and not ${blockedPairSql(a, b)})`;

/**
 * Whether a member may send in the chat `chatId` now: it is open, and a DIRECT chat's two people may still
 * message each other (mayMessageSql). Membership itself is chatMemberSql.
 */
export const chatSendableSql = (chatId: Viewer) =>
  sql`exists (select 1 from ${chats} access_sc where access_sc.id = ${chatId} and access_sc.closed_at is null
    and (access_sc.kind <> 'DIRECT' or ${mayMessageSql(sql`access_sc.user_low_id`, sql`access_sc.user_high_id`)}))`;

// ---- Guards ----------------------------------------------------------------------------------------------

/** A refusal names what the call asks, never why the caller falls short (not taking part, or blocked). */
const refusal = (as: Role) =>
  new ApiError('FORBIDDEN', {
    message: as === 'organiser' ? 'Only organisers can do this' : 'This is for the people taking part',
  });

export function createAccess(db: Db) {
  /**
   * An activity with the viewer's membership and whether they may see it: read by every call about one activity,
   * and first in every join and exit (issue 17). Built once per lock mode, prepared per connection. Held shared, it
   * is a person's own join or exit, and carries the organisers it may tell.
   */
  const activityStatement = (lock: 'read' | 'share' | 'update') => {
    const viewerId = sql.placeholder('viewerId');
    const query = db
      .select({
        activity: activities,
        member: activityMembers,
        visible: sql<boolean>`${activityVisibleSql(viewerId)}`,
        blockedByOrganiser: sql<boolean>`${blockedByOrganiserSql(viewerId)}`,
        organiserIds: lock === 'share' ? organiserIdsSql() : sql<null>`null`,
      })
      .from(activities)
      .leftJoin(
        activityMembers,
        and(eq(activityMembers.activityId, activities.id), eq(activityMembers.userId, viewerId)),
      )
      .where(and(eq(activities.id, sql.placeholder('activityId')), isNull(activities.deletedAt)));
    const name = lock === 'read' ? 'access_activity' : `access_activity_${lock}`;
    return lock === 'read' ? preparedOn(db, name, query) : preparedOn(db, name, query.for(lock, { of: activities }));
  };
  const activityStatements = {
    read: activityStatement('read'),
    share: activityStatement('share'),
    update: activityStatement('update'),
  };

  async function activity(
    activityId: string,
    viewerId: string,
    tx: DbOrTx = db,
    options: { lock?: boolean | 'share' } = {},
  ) {
    const statement = activityStatements[options.lock === 'share' ? 'share' : options.lock ? 'update' : 'read'];
    const [row] = await statement.on(tx).execute({ activityId, viewerId });
    return row ?? null;
  }

  /** The viewer's membership of a live group as the club rules see it; null when the group is not found. */
  async function club(groupId: string, viewerId: string, tx: DbOrTx = db): Promise<ClubFacts | null> {
    const rows = await tx
      .select({
        type: groups.type,
        state: groupMembers.state,
        isAdmin: groupMembers.isAdmin,
        isLeader: groupMembers.isLeader,
      })
      .from(groups)
      .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, viewerId)))
      .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)));
    if (!rows.length) return null;
    const m = rows[0]!;
    return { type: m.type, member: m.state ? { state: m.state, isAdmin: m.isAdmin!, isLeader: m.isLeader! } : null };
  }

  return {
    /** Whether two people may message each other directly now (directRules.mayMessage). */
    async mayMessage(a: string, b: string, tx: DbOrTx = db) {
      const [row] = await queryRows<{ ok: boolean }>(tx, sql`select ${mayMessageSql(a, b)} as ok`);
      return !!row?.ok;
    },

    /**
     * A live activity with the viewer's membership and whether they may see it (by the SQL face, so
     * guards and listings cannot drift). `lock` holds the activity row for the transaction, so that
     * membership changes of one activity queue up; `'share'` lets people's own joins and exits run side by
     * side while edits and admins' changes still queue behind them.
     */
    activity,

    /**
     * The one guard of every call about one activity: the live activity, the caller's membership and whether they
     * organise it, or the project's errors. ACTIVITY_NOT_FOUND (404) when the caller may not know it exists
     * (activityRules.visible; a cancelled activity is deleted too, so it is not found by anyone: read-info alone
     * tells those who were in it, activities.service `read`); FORBIDDEN (403) when they see it but the call asks more
     * of them (`admits`). Only activities so far: groups and chats keep their own loads (groups.service `found`,
     * chat.service `memberChat`).
     * - `as`: 'viewer' (whoever sees it), 'participant' (takes part, organisers included) or 'organiser' (an admin
     *   taking part).
     * - `blocked`: for participant-only calls, 'forbid' (the default) refuses a participant an organiser blocked,
     *   with the same answer as anyone not taking part, so the block is never told; 'allow' lets them in where
     *   leaving them out would do harm (the safety loop).
     * - `lock`: holds the activity row for the transaction (`activity` above); `tx` is that transaction.
     */
    async require(
      _kind: 'activity',
      activityId: string,
      viewerId: string,
      options: { as: Role; blocked?: 'forbid' | 'allow'; lock?: boolean | 'share'; tx?: DbOrTx },
    ) {
      const row = await activity(activityId, viewerId, options.tx ?? db, { lock: options.lock });
      const verdict = row ? admits(options.as, row, options.blocked ?? 'forbid') : 'not found';
      if (verdict === 'not found') throw new ApiError('ACTIVITY_NOT_FOUND');
      if (verdict === 'forbidden') throw refusal(options.as);
      return {
        activity: row!.activity,
        member: row!.member,
        isOrganiser: isAdmin(row!.member),
        blockedByOrganiser: row!.blockedByOrganiser,
        /** Read with the row held shared (`lock: 'share'`), else null. */
        organiserIds: row!.organiserIds,
      };
    },

    club,

    /**
     * The guard of limiting an activity of `groupId` to `subgroupIds` (clubRules.mayLimit): SUBGROUP_NOT_FOUND when
     * one is not a sub-group of that group, FORBIDDEN when the caller may not limit to them.
     */
    async requireMayLimit(groupId: string, subgroupIds: readonly string[], viewerId: string, tx: DbOrTx = db) {
      const ids = [...new Set(subgroupIds)];
      const found = await tx
        .select({
          id: subgroups.id,
          mine: sql<boolean>`exists (select 1 from ${subgroupMembers} access_lm
            where access_lm.subgroup_id = ${subgroups.id} and access_lm.user_id = ${viewerId})`,
        })
        .from(subgroups)
        .where(and(eq(subgroups.groupId, groupId), sql`${subgroups.id} = any(${uuidArray(ids)})`));
      if (found.length !== ids.length) throw new ApiError('SUBGROUP_NOT_FOUND');
      const facts = await club(groupId, viewerId, tx);
      if (!facts) throw new ApiError('GROUP_NOT_FOUND');
      if (!clubRules.mayLimit({ ...facts, inEvery: found.every((f) => f.mine) })) {
        throw new ApiError('FORBIDDEN', {
          message: "Only the group's admins and the ride leaders of these sub-groups can limit an activity to them",
        });
      }
      return ids;
    },

    /** Whether the viewer takes part in a live group. */
    async isGroupMember(groupId: string, viewerId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.id, groupId), isNull(groups.deletedAt), groupMemberSql(groups.id, viewerId)));
      return !!row;
    },

    /** Whether the viewer may read and write in a chat now (chatMemberSql). */
    async isChatMember(chatId: string, viewerId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.id, chatId), chatMemberSql(chats.id, viewerId)));
      return !!row;
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
