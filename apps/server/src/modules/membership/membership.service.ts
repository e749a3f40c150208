import type { NotificationType, SkipReason } from '@cordata/contract';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { MemberState } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { isAdmin, isMember } from '../access/access.ts';
import type { ChatMembership, ChatTarget } from '../chat/chat-membership.ts';
import { type NotifyInput, noticeOf, toOrganisers } from '../notifications/notifier.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import { toUserSummary } from '../users/user-summary.ts';
import { type ConsentColumns, consentGivenOf, consentOf } from './consent.ts';
import type { Member, MembershipKind, MembershipRepository } from './membership.repository.ts';

/** A second request (or a rejoin attempt) within this time after the last one does not notify the admins again. */
export const REQUEST_NOTIFY_COOLDOWN_MS = 24 * 3_600_000;

/** What the engine needs to know of an activity or a group. */
/**
 * Who an invitation names: people (the actor's contacts), groups (their members), and people another rule vouches
 * for without being contacts (the yes and maybe voters of the actor's own date poll, docs/polls.md).
 */
export interface InviteRequest {
  userIds?: string[];
  groupIds?: string[];
  vouchedUserIds?: string[];
}

export interface Membershipable extends ConsentColumns {
  id: string;
  name: string;
  /** The creator owns it (security review L7): other admins cannot remove them or take their rights. */
  createdBy: string | null;
}

export type Entry = 'JOIN' | 'REQUEST';

/** The object and the caller's membership, and, when the policy read it with them, whether an admin blocked them. */
export interface Loaded<O> {
  object: O;
  member: Member | null;
  blockedByAdmin?: boolean;
  /** The admins taking part, in id order, when the policy read them with the object (null or absent: it did not). */
  adminIds?: string[] | null;
}

/** How a change holds the activity or group row: not at all, alone (`true`), or shared with other joins and exits. */
export type LockMode = boolean | 'share';

/**
 * What differs between activity and group membership; everything else is the engine's. Each function may
 * throw the domain's error.
 */
export interface MembershipPolicy<O extends Membershipable> {
  kind: MembershipKind;
  chat(objectId: string): ChatTarget;
  notifications: {
    request: NotificationType;
    accept: NotificationType;
    reject: NotificationType;
    invite: NotificationType;
    /** To the admins when someone comes in on their own (joins, is auto-accepted): seated, or put on the waitlist. */
    joined?: NotificationType;
    waitlisted?: NotificationType;
  };
  /**
   * The object if the caller may see it, with their membership; throws the domain's not-found error. `lock`
   * holds its row for the transaction: `true` alone (an admin's change), `'share'` alongside other people's
   * own joins and exits, still excluding admins' changes and edits of the object.
   */
  load(tx: DbOrTx, objectId: string, userId: string, lock: LockMode): Promise<Loaded<O>>;
  /** How someone without a place may come in: straight in, or by a request an admin decides (or an error). */
  entry(tx: DbOrTx, object: O, userId: string, member: Member | null): Promise<Entry>;
  /** Whether this member may invite people. */
  mayInvite(object: O, member: Member | null): boolean;
  /**
   * Who of the requested people may be invited by the actor, each with the domain's own reason to skip
   * them (or null); throws when the request itself is not allowed.
   */
  invitees(
    tx: DbOrTx,
    object: O,
    actorId: string,
    request: InviteRequest,
  ): Promise<{ userId: string; reason: SkipReason | null }[]>;
  /**
   * The domain's own gate on who may be invited, as an SQL condition over `users.id`, with the reason it
   * gives (a group activity takes members of its group only); null without one.
   */
  inviteGate(object: O): { allowed: SQL<boolean>; reason: SkipReason } | null;
  /** Whether the members list is for this caller. */
  membersVisible(object: O, member: Member | null): boolean;
  /** Groups refuse to remove an admin (their rights go first); activities remove them unless they are the last. */
  removesAdmins: boolean;
  /** The answer to leaving without a membership: groups say so (404), activities do nothing. */
  exitWithoutMembership: (() => ApiError) | null;
  /** Removing oneself: activities treat it as leaving, groups refuse. */
  removeSelf: (() => ApiError) | null;
  /** Seats and a waitlist; none: no limit. */
  /**
   * Who besides its admins reads the requests to join (with their records): on a group activity, the group's admins
   * and ride leaders (access.ts clubRules.takesAttendance). They read; only admins answer.
   */
  readsRequests?(tx: DbOrTx, object: O, userId: string): Promise<boolean>;
  capacity?: Capacity<O>;
  /**
   * Whether a request is accepted at once, as an admin's accept (a group's reliability threshold,
   * docs/attendance.md); none: every request waits for an admin.
   */
  autoAccept?(tx: DbOrTx, object: O, userId: string): Promise<boolean>;
}

/**
 * Seats and a waitlist (activities, docs/seats.md): where someone let in goes, and what their leaving sets off.
 * Without one, everyone let in takes part.
 */
export interface Capacity<O extends Membershipable> {
  /** Someone let in takes a seat now (`JOIN`), or was put on the waitlist (`WAIT`). */
  admit(tx: DbOrTx, fx: Effects, object: O, userId: string): Promise<'JOIN' | 'WAIT'>;
  /** Someone left (or an admin removed them, `removed`): their seat or place is free. */
  left(tx: DbOrTx, fx: Effects, object: O, member: Member, removed: boolean): Promise<void>;
}

export interface MembershipDeps {
  repo: MembershipRepository;
  changes: Changes;
  chatMembership: Pick<ChatMembership, 'joined' | 'leave' | 'left'>;
  now: () => Date;
}

/**
 * The reason a membership state gives to skip an invitation; null when it does not. Someone an admin removed
 * may be invited back by an admin only: a member's invitation would let them walk back in.
 */
export function stateSkipReason(
  member: { state: MemberState | null; removedAt: Date | null } | null,
  actorIsAdmin: boolean,
): SkipReason | null {
  if (member?.state === 'INVITED') return 'ALREADY_INVITED';
  if (member?.state === 'PARTICIPATING') return 'ALREADY_PARTICIPATING';
  // Waiting for a seat is a pending entry like a request: an invitation would not seat them.
  if (member?.state === 'REQUESTED' || member?.state === 'WAITLISTED') return 'PENDING_REQUEST';
  if (member?.removedAt && !actorIsAdmin) return 'REMOVED';
  return null;
}

/**
 * Someone an admin removed who has not been let back in: whatever they did since (asked, were rejected,
 * withdrew), they may only ask. An admin's invitation lets them in.
 */
const standsRemoved = (member: Member | null) => !!member?.removedAt && member.state !== 'INVITED';

/**
 * A person's own way in carries the version of the text they accepted, when the object asks for one (docs/consent.md):
 * CONSENT_REQUIRED otherwise, with the current version, so the app shows the text (it may have just changed).
 */
export function assertConsent(object: ConsentColumns, version: number | undefined) {
  const consent = consentOf(object);
  if (consent && version !== consent.version) {
    throw new ApiError('CONSENT_REQUIRED', { details: { version: consent.version } });
  }
}

/** The status a member sees: a removal reads as no membership (they may ask again). */
export const statusOf = (state: MemberState | null | undefined) =>
  !state || state === 'REMOVED' ? ('NONE' as const) : state;

const uniq = <T>(items: readonly T[] | undefined) => [...new Set(items ?? [])];

/**
 * Seating someone, apart from the engine that decides it: the person takes part from now on, and is in the
 * chat; back after a removal, they read it from now on. Seats (seats.service.ts) seat whoever claims an offer
 * through it, so seats need no engine and the engine's capacity can be seats (modules/participation).
 */
export function createSeating(policy: Pick<MembershipPolicy<Membershipable>, 'kind'>, deps: MembershipDeps) {
  /** `tell`: a notification of the seat taken, stored by the seat's own statement (one round trip fewer). */
  return async function seat(
    tx: DbOrTx,
    fx: Effects,
    object: Membershipable,
    userId: string,
    before: Member | null,
    tell: NotifyInput | null = null,
  ) {
    const seated = { objectId: object.id, userId, joinedAt: deps.now() };
    const notice = tell ? noticeOf(tell) : null;
    const { change, notices } = await deps.repo.seat(
      policy.kind,
      seated,
      !!before?.removedAt,
      notice?.values ?? null,
      tx,
    );
    deps.chatMembership.joined(change, userId, fx.chat);
    if (notice) fx.recorded(notice, notices);
  };
}

/**
 * Request, accept, reject with a reason, exit, remove, make-admin, remove-admin and invite, with the last-admin
 * rule, the owner rule, removal that sticks and the chat following membership, written once for activities and
 * groups. A policy states what differs.
 */
export function createMembership<O extends Membershipable>(policy: MembershipPolicy<O>, deps: MembershipDeps) {
  const { repo } = deps;
  const kind = policy.kind;

  async function loadAsAdmin(tx: DbOrTx, objectId: string, userId: string, lock = true) {
    const loaded = await policy.load(tx, objectId, userId, lock);
    if (!isAdmin(loaded.member)) throw new ApiError('FORBIDDEN', { message: 'Only admins can do this' });
    return loaded;
  }

  /** Whether the person let in takes a seat now, or was put on the waitlist (the policy's capacity). */
  async function admit(tx: DbOrTx, fx: Effects, object: O, userId: string) {
    return !policy.capacity || (await policy.capacity.admit(tx, fx, object, userId)) === 'JOIN';
  }

  /**
   * The person is let in: they take part, or wait for a seat (the policy's capacity); whether they take part.
   */
  async function join(tx: DbOrTx, fx: Effects, object: O, userId: string, before: Member | null) {
    if (!(await admit(tx, fx, object, userId))) return false;
    await seat(tx, fx, object, userId, before);
    return true;
  }

  const seat = createSeating(policy, deps);

  /** The admins taking part, as the load read them with the object or asked now. */
  async function adminsOf(tx: DbOrTx, loaded: Loaded<O>) {
    return loaded.adminIds ?? repo.adminIds(kind, loaded.object.id, tx);
  }

  /** What tells the admins that someone came in on their own, seated or waiting (batched: `toOrganisers`). */
  async function adminsNotice(tx: DbOrTx, loaded: Loaded<O>, userId: string, seated: boolean) {
    const type = seated ? policy.notifications.joined : policy.notifications.waitlisted;
    if (!type) return null;
    const { object } = loaded;
    return {
      userIds: await adminsOf(tx, loaded),
      type,
      targetId: object.id,
      actorId: userId,
      targetName: object.name,
      ...toOrganisers,
    } satisfies NotifyInput;
  }

  /**
   * The person comes in on their own (a join, an invitation taken up, an automatic accept), and the admins are told:
   * in the seat's statement when they take part, so that a join is one write (issue 43).
   */
  async function joinOwn(tx: DbOrTx, fx: Effects, loaded: Loaded<O>, userId: string) {
    const { object, member: before } = loaded;
    const seated = await admit(tx, fx, object, userId);
    const notice = await adminsNotice(tx, loaded, userId, seated);
    if (seated) await seat(tx, fx, object, userId, before, notice);
    else if (notice) await fx.notify(notice);
  }

  /** Whether an admin blocked the person, as the load read it or asked now (their requests then reach nobody). */
  async function blockedByAnAdmin(tx: DbOrTx, loaded: Loaded<O>, userId: string) {
    return loaded.blockedByAdmin ?? repo.blockedByAnAdmin(kind, loaded.object.id, userId, tx);
  }

  /**
   * Out of the chat; the row goes, unless an admin removed them once: then the mark stays. A participant's row and
   * chat membership go in one statement (issue 43); the seat is freed after, so the chat stays locked (message
   * order) through the capacity's writes, when it has any.
   */
  async function leave(tx: DbOrTx, fx: Effects, object: O, member: Member, removedNow = false) {
    const { userId } = member;
    const inChat = member.state === 'PARTICIPATING';
    if (removedNow || member.removedAt) {
      await repo.update(
        kind,
        object.id,
        userId,
        {
          state: 'REMOVED',
          isAdmin: false,
          rejectionReason: null,
          removedAt: removedNow ? deps.now() : member.removedAt,
        },
        tx,
      );
      if (inChat) await deps.chatMembership.leave(tx, policy.chat(object.id), userId, fx.chat);
    } else if (inChat) {
      deps.chatMembership.left(await repo.removeFromChat(kind, object.id, userId, tx), userId, fx.chat);
    } else {
      await repo.remove(kind, object.id, userId, tx);
    }
    await policy.capacity?.left(tx, fx, object, member, removedNow);
  }

  /**
   * Locks the admins' rows (an exit holds the object's row only shared, so two admins leaving at once must
   * queue here): the second one re-reads them after the first commits and sees one admin fewer.
   */
  async function assertNotLastAdmin(tx: DbOrTx, objectId: string, member: Member) {
    if (!isAdmin(member)) return;
    const admins = await repo.memberIds(kind, objectId, { state: 'PARTICIPATING', admins: true, lock: true }, tx);
    if (admins.length <= 1) throw new ApiError('LAST_ADMIN');
  }

  /** Security review L7: the creator's place and rights are theirs to give up, not other admins' to take. */
  function assertNotOwner(object: O, actorId: string, targetId: string) {
    if (object.createdBy === targetId && actorId !== targetId) {
      throw new ApiError('FORBIDDEN', { message: 'The creator cannot be removed or lose their admin rights' });
    }
  }

  /**
   * Files a request and tells the admins, once per cool-down (security review L3: request-exit loops). From
   * someone an admin blocked, it is filed and nobody is told; they are not told either.
   */
  async function request(tx: DbOrTx, fx: Effects, loaded: Loaded<O>, userId: string) {
    const { object } = loaded;
    await repo.put(kind, { objectId: object.id, userIds: [userId], state: 'REQUESTED' }, tx);
    if (await blockedByAnAdmin(tx, loaded, userId)) return;
    await fx.notify({
      userIds: await adminsOf(tx, loaded),
      type: policy.notifications.request,
      targetId: object.id,
      actorId: userId,
      targetName: object.name,
      onceWithinMs: REQUEST_NOTIFY_COOLDOWN_MS,
    });
  }

  /** Lets the requester in and tells them, as an admin's accept (`actorId` null: the policy accepted it). */
  async function accept(
    tx: DbOrTx,
    fx: Effects,
    object: O,
    userId: string,
    member: Member | null,
    actorId: string | null,
  ) {
    if (actorId) await join(tx, fx, object, userId, member);
    else await joinOwn(tx, fx, { object, member }, userId);
    await fx.notify({
      userIds: [userId],
      type: policy.notifications.accept,
      targetId: object.id,
      actorId,
      targetName: object.name,
    });
  }

  async function target(tx: DbOrTx, objectId: string, userId: string, message: string) {
    const member = await repo.member(kind, objectId, userId, tx);
    if (member?.state !== 'PARTICIPATING') throw new ApiError('USER_NOT_FOUND', { message });
    return member;
  }

  async function pendingRequest(tx: DbOrTx, objectId: string, userId: string) {
    const member = await repo.member(kind, objectId, userId, tx);
    if (member?.state !== 'REQUESTED') throw new ApiError('REQUEST_NOT_FOUND');
    return member;
  }

  /**
   * Invites people for the actor; those already invited, taking part or requesting, or whom the policy skips, are
   * skipped. Those in a blocked pair with the actor are left out of both lists.
   */
  async function invite(tx: DbOrTx, fx: Effects, object: O, actorId: string, body: InviteRequest) {
    const candidates = await policy.invitees(tx, object, actorId, {
      userIds: uniq(body.userIds).filter((id) => id !== actorId),
      groupIds: uniq(body.groupIds),
      vouchedUserIds: uniq(body.vouchedUserIds).filter((id) => id !== actorId),
    });
    // Nobody in a blocked pair with the inviter is invited, and the inviter is not told (security review M-N3).
    const blocked = await repo.blockedWith(
      actorId,
      candidates.map((c) => c.userId),
      tx,
    );
    const invitees = candidates.filter((c) => !blocked.has(c.userId));
    const states = new Map(
      (
        await repo.states(
          kind,
          object.id,
          invitees.map((i) => i.userId),
          tx,
        )
      ).map((s) => [s.userId, s]),
    );
    const actorIsAdmin = isAdmin(await repo.member(kind, object.id, actorId, tx));
    const invited: string[] = [];
    const skipped: { userId: string; reason: SkipReason }[] = [];
    for (const { userId, reason } of invitees) {
      const why = stateSkipReason(states.get(userId) ?? null, actorIsAdmin) ?? reason;
      if (why) skipped.push({ userId, reason: why });
      else invited.push(userId);
    }
    if (invited.length) {
      await repo.put(kind, { objectId: object.id, userIds: invited, state: 'INVITED', invitedBy: actorId }, tx);
      await fx.notify({
        userIds: invited,
        type: policy.notifications.invite,
        targetId: object.id,
        actorId,
        targetName: object.name,
      });
    }
    return { invited, skipped };
  }

  const run = deps.changes.run;

  /**
   * What a person's own join, request or exit holds (issue 17): the object's row shared, so that many people
   * join and leave one activity at once instead of queueing on its row, while an admin's change or an edit
   * (which take it alone) still waits for them and they for it. Their own membership is what they change, so
   * one change per person and object runs at a time (a transaction-scoped advisory lock, taken first, so the
   * membership read below is current). The chat event they append is the last write of a join (of an exit, but
   * for the capacity's), so the chat's own lock (message order) is held only until the commit.
   */
  async function loadOwn(tx: DbOrTx, objectId: string, userId: string) {
    await repo.lockPerson(kind, objectId, userId, tx);
    return policy.load(tx, objectId, userId, 'share');
  }

  const assertNotWaiting = (member: Member | null) => {
    if (member?.state === 'WAITLISTED') throw new ApiError('ALREADY_WAITLISTED');
  };

  /**
   * Keeps which version of the object's text the person (who has a row now) accepted, and when (now, or when they
   * accepted it for a whole series); only the current version counts.
   */
  async function recordConsent(
    tx: DbOrTx,
    object: O,
    userId: string,
    version: number | null | undefined,
    at: Date = deps.now(),
  ) {
    if (!consentOf(object) || version !== object.consentVersion) return;
    await repo.update(kind, object.id, userId, { consentVersion: version, consentedAt: at }, tx);
  }

  return {
    invite,
    seat,

    /**
     * Join, accept an invitation; someone an admin removed files a request instead (security review M6). With the
     * version of the text they accepted, when there is one.
     */
    participate: (userId: string, objectId: string, consentVersion?: number) =>
      run(async (tx, fx) => {
        const loaded = await loadOwn(tx, objectId, userId);
        const { object, member } = loaded;
        if (isMember(member)) throw new ApiError('ALREADY_PARTICIPATING');
        assertNotWaiting(member);
        const entry = await policy.entry(tx, object, userId, member);
        const removed = standsRemoved(member);
        if (!removed && entry === 'REQUEST') throw new ApiError('ACCESS_REQUEST_REQUIRED');
        assertConsent(object, consentVersion);
        if (removed || (await blockedByAnAdmin(tx, loaded, userId))) await request(tx, fx, loaded, userId);
        else await joinOwn(tx, fx, loaded, userId);
        await recordConsent(tx, object, userId, consentVersion);
      }),

    /** Ask the admins; whoever may come in directly just joins. */
    requestAccess: (userId: string, objectId: string, consentVersion?: number) =>
      run(async (tx, fx) => {
        const loaded = await loadOwn(tx, objectId, userId);
        const { object, member } = loaded;
        if (isMember(member)) throw new ApiError('ALREADY_PARTICIPATING');
        assertNotWaiting(member);
        if (member?.state === 'REQUESTED') throw new ApiError('ALREADY_REQUESTED');
        const entry = await policy.entry(tx, object, userId, member);
        assertConsent(object, consentVersion);
        const blocked = standsRemoved(member) || (await blockedByAnAdmin(tx, loaded, userId));
        if (entry === 'JOIN' && !blocked) await joinOwn(tx, fx, loaded, userId);
        else if (!blocked && (await policy.autoAccept?.(tx, object, userId)))
          await accept(tx, fx, object, userId, member, null);
        else await request(tx, fx, loaded, userId);
        await recordConsent(tx, object, userId, consentVersion);
      }),

    /** Accept the object's current text again after it changed: whoever takes part, waits for a seat or asks. */
    acceptConsent: (userId: string, objectId: string, consentVersion: number) =>
      run(async (tx) => {
        const { object, member } = await loadOwn(tx, objectId, userId);
        if (!member || !['PARTICIPATING', 'WAITLISTED', 'REQUESTED'].includes(member.state)) {
          throw new ApiError('FORBIDDEN', { message: 'Join first: the text is accepted when joining' });
        }
        assertConsent(object, consentVersion);
        await recordConsent(tx, object, userId, consentVersion);
      }),

    /** Leave, decline an invitation, withdraw a request or dismiss a rejection. The last admin may not leave. */
    exit: (userId: string, objectId: string) =>
      run(async (tx, fx) => {
        const { object, member } = await loadOwn(tx, objectId, userId);
        if (!member || member.state === 'REMOVED') {
          if (policy.exitWithoutMembership) throw policy.exitWithoutMembership();
          return;
        }
        await assertNotLastAdmin(tx, objectId, member);
        await leave(tx, fx, object, member);
      }),

    acceptRequest: (adminId: string, objectId: string, userId: string) =>
      run(async (tx, fx) => {
        const { object } = await loadAsAdmin(tx, objectId, adminId);
        const member = await pendingRequest(tx, objectId, userId);
        await accept(tx, fx, object, userId, member, adminId);
      }),

    rejectRequest: (adminId: string, objectId: string, userId: string, reason: string) =>
      run(async (tx, fx) => {
        const { object } = await loadAsAdmin(tx, objectId, adminId);
        await pendingRequest(tx, objectId, userId);
        await repo.update(kind, objectId, userId, { state: 'REJECTED', rejectionReason: reason }, tx);
        await fx.notify({
          userIds: [userId],
          type: policy.notifications.reject,
          targetId: objectId,
          actorId: adminId,
          reason,
          targetName: object.name,
        });
      }),

    /**
     * Removes a participant (or cancels an invitation). The removal sticks: they cannot walk back in, may ask
     * again, and an admin decides; back in, they read the chat from then on (security review M6).
     */
    removeUser: (adminId: string, objectId: string, userId: string) =>
      run(async (tx, fx) => {
        const { object } = await loadAsAdmin(tx, objectId, adminId);
        if (userId === adminId && policy.removeSelf) throw policy.removeSelf();
        const member = await repo.member(kind, objectId, userId, tx);
        if (member?.state === 'INVITED') return leave(tx, fx, object, member);
        if (member?.state !== 'PARTICIPATING') {
          throw new ApiError('USER_NOT_FOUND', { message: 'This person is not taking part' });
        }
        assertNotOwner(object, adminId, userId);
        if (member.isAdmin && !policy.removesAdmins) {
          throw new ApiError('FORBIDDEN', { message: 'Remove their admin rights first' });
        }
        await assertNotLastAdmin(tx, objectId, member);
        await leave(tx, fx, object, member, userId !== adminId);
      }),

    setAdmin: (adminId: string, objectId: string, userId: string, admin: boolean) =>
      run(async (tx) => {
        const { object } = await loadAsAdmin(tx, objectId, adminId);
        const member = await target(
          tx,
          objectId,
          userId,
          admin ? 'Only participants can be admins' : 'This person is not taking part',
        );
        if (!admin) {
          assertNotOwner(object, adminId, userId);
          await assertNotLastAdmin(tx, objectId, member);
        }
        await repo.update(kind, objectId, userId, { isAdmin: admin }, tx);
      }),

    inviteUsers: (actorId: string, objectId: string, body: { userIds?: string[]; groupIds?: string[] }) =>
      run(async (tx, fx) => {
        const { object, member } = await policy.load(tx, objectId, actorId, true);
        if (!policy.mayInvite(object, member)) {
          throw new ApiError('FORBIDDEN', { message: 'You cannot invite people here' });
        }
        return invite(tx, fx, object, actorId, body);
      }),

    async listParticipants(userId: string, objectId: string, page: { page: number; limit: number }) {
      const { object, member } = await policy.load(repo.db, objectId, userId, false);
      if (!policy.membersVisible(object, member)) {
        throw new ApiError('FORBIDDEN', { message: 'Only members can see who takes part' });
      }
      const rows = await repo.list(kind, objectId, 'PARTICIPATING', page);
      // Who accepted which text is the organisers' to know (docs/consent.md).
      const admin = isAdmin(member);
      return rows.map((r) => ({
        ...toUserSummary(r),
        isAdmin: r.isAdmin,
        joinedAt: (r.joinedAt ?? r.createdAt).toISOString(),
        consent: admin ? consentGivenOf(r.consentVersion, r.consentedAt) : null,
      }));
    },

    async countParticipants(userId: string, objectId: string) {
      await policy.load(repo.db, objectId, userId, false);
      return { count: await repo.count(kind, objectId, 'PARTICIPATING') };
    },

    /** The caller's contacts, each with whether they may be invited here and why not. */
    async listInvitableContacts(
      userId: string,
      objectId: string,
      query: string | undefined,
      page: { page: number; limit: number },
    ) {
      const { object, member } = await policy.load(repo.db, objectId, userId, false);
      if (!policy.mayInvite(object, member))
        throw new ApiError('FORBIDDEN', { message: 'You cannot invite people here' });
      const gate = policy.inviteGate(object);
      const rows = await repo.contacts(kind, objectId, userId, query, page, gate?.allowed);
      return rows.map((r) => {
        const reason = stateSkipReason(r, isAdmin(member)) ?? (r.allowed || !gate ? null : gate.reason);
        return { ...toUserSummary(r), invitable: reason === null, reason };
      });
    },

    async listRequests(userId: string, objectId: string, page: { page: number; limit: number }) {
      const loaded = await policy.load(repo.db, objectId, userId, false);
      if (!isAdmin(loaded.member) && !(await policy.readsRequests?.(repo.db, loaded.object, userId))) {
        throw new ApiError('FORBIDDEN', { message: 'Only admins can do this' });
      }
      const rows = await repo.list(kind, objectId, 'REQUESTED', page, userId);
      return rows.map((r) => ({
        ...toUserSummary(r),
        requestedAt: r.createdAt.toISOString(),
        consent: consentGivenOf(r.consentVersion, r.consentedAt),
      }));
    },

    /**
     * How a person without a place would come in, as `participate` decides it: 'JOIN', or 'REQUEST' when an admin
     * must decide (the policy says so, an admin removed them, or an admin blocked them); throws the policy's errors.
     * Series (issue 22) ask it before joining a person to every date.
     */
    async entryFor(tx: DbOrTx, object: O, userId: string, member: Member | null): Promise<Entry> {
      const entry = await policy.entry(tx, object, userId, member);
      if (standsRemoved(member) || (await repo.blockedByAnAdmin(kind, object.id, userId, tx))) return 'REQUEST';
      return entry;
    },

    /**
     * Inside a caller's own change that holds the object already (series, issue 22): let a person in as
     * `participate` does once allowed (a seat or the waitlist, the chat), or take them out as `exit` does (their
     * seat freed for the waitlist, out of the chat). Whether they now take part.
     */
    joinIn: (tx: DbOrTx, fx: Effects, object: O, userId: string, before: Member | null) =>
      join(tx, fx, object, userId, before),
    recordConsent,
    leaveIn: (tx: DbOrTx, fx: Effects, object: O, member: Member) => leave(tx, fx, object, member),

    /** The object if the caller may see it, with their membership (the policy's load). */
    load: (objectId: string, userId: string, tx: DbOrTx = repo.db, lock: LockMode = false) =>
      policy.load(tx, objectId, userId, lock),
    /** The same, for an admin of it only (FORBIDDEN otherwise). */
    loadAsAdmin: (objectId: string, userId: string, tx: DbOrTx = repo.db, lock = false) =>
      loadAsAdmin(tx, objectId, userId, lock),
  };
}

export type Membership<O extends Membershipable> = ReturnType<typeof createMembership<O>>;
