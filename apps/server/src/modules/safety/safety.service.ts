import type { ActivitySafety, SafetyPositionAck, SafetyPositionEvent, SafetyPositionInput } from '@cordata/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { type Access, admits, isAdmin } from '../access/access.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Changes } from '../shared/changes.ts';
import { toUserSummary } from '../users/user-summary.ts';
import type { OutgoingPoints } from './outgoing-points.ts';
import type { SafetyRepository } from './safety.repository.ts';
import { hashLinkToken, newLinkToken } from './safety-escalation.ts';
import { minimumGapMs, type SafetyTimes, safetyWindow } from './safety-rules.ts';
import { contactConfirmationMail } from './safety-texts.ts';

type Person = Awaited<ReturnType<SafetyRepository['people']>>[number];

/** When everyone taking part is back: the last check-in, or null while someone is not. */
export function allBackAt(people: { safety: { backAt: Date | null } | null }[]): Date | null {
  let last: Date | null = null;
  for (const p of people) {
    const at = p.safety?.backAt;
    if (!at) return null;
    if (!last || at > last) last = at;
  }
  return last;
}

/** How long before saving the contacts again mails an unconfirmed address once more. */
export const CONTACT_CONFIRMATION_RESEND_MS = 24 * 60 * 60 * 1000;
/** How long a confirmation link works. */
export const CONTACT_CONFIRMATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

const isCoordinate = (v: unknown, limit: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= limit;

/**
 * The safety loop of an activity (issue 23): the planned return, opt-in and reciprocal live positions during the
 * window, "I'm back", emergency contacts and the person's location history. The escalation is safety-escalation.ts.
 */
export function createSafetyService(deps: {
  db: Db;
  repo: SafetyRepository;
  access: Access;
  changes: Changes;
  realtime: Pick<Realtime, 'toUser'>;
  outgoing: OutgoingPoints;
  mailer: Pick<Mailer, 'enqueue' | 'dispatch'>;
  /** Where a contact's confirmation link points: `${confirmBase}/<token>`. */
  confirmBase: string;
  now: () => Date;
}) {
  const { repo } = deps;

  /**
   * The activity and the caller's membership, for the people taking part: a participant an organiser blocked stays
   * in the safety loop (leaving them out could leave them unmissed); no position passes between the two (`view`).
   */
  const takingPart = (activityId: string, userId: string, tx?: DbOrTx) =>
    deps.access.require('activity', activityId, userId, { as: 'participant', blocked: 'allow', tx });

  const windowOf = (activity: SafetyTimes, people: Person[]) => safetyWindow(activity, allBackAt(people), deps.now());

  /** What `viewerId` sees of the loop: everyone's check-in, and positions only between people who both share. */
  async function view(activity: ActivityRow, viewerId: string): Promise<ActivitySafety> {
    const people = await repo.people(activity.id);
    const window = windowOf(activity, people);
    const me = people.find((p) => p.user.userId === viewerId);
    const watching = window.state === 'OPEN' && !!me?.safety?.sharing;
    const blocked = await repo.blockedAmong(
      viewerId,
      people.map((p) => p.user.userId).filter((id) => id !== viewerId),
    );
    const shown = people
      .filter(
        (p) =>
          p.user.userId === viewerId ||
          (watching && p.safety?.sharing && !p.safety.backAt && !blocked.has(p.user.userId)),
      )
      .map((p) => p.user.userId);
    const fixes = new Map<string, { latitude: number; longitude: number; at: string }>();
    for (const fix of await repo.lastFixes(activity.id, shown)) {
      const [kept] = await deps.outgoing.points(fix.userId, viewerId, [
        { latitude: fix.latitude, longitude: fix.longitude, at: new Date(fix.recordedAt).toISOString() },
      ]);
      if (kept) fixes.set(fix.userId, kept);
    }
    const back = allBackAt(people);
    return {
      activityId: activity.id,
      plannedReturnAt: (activity.plannedReturnAt ?? activity.endsAt).toISOString(),
      plannedReturnSet: activity.plannedReturnAt !== null,
      opensAt: window.opensAt.toISOString(),
      closesAt: window.closesAt.toISOString(),
      state: window.state,
      allBackAt: back?.toISOString() ?? null,
      me: {
        sharing: !!me?.safety?.sharing,
        economy: !!me?.safety?.economy,
        backAt: me?.safety?.backAt?.toISOString() ?? null,
        emergencyContacts: (await repo.contacts(viewerId)).filter((c) => c.confirmed).length,
      },
      people: people.map((p) => ({
        user: toUserSummary(p.user),
        isOrganiser: p.isOrganiser,
        backAt: p.safety?.backAt?.toISOString() ?? null,
        sharing: !!p.safety?.sharing && !p.safety.backAt,
        lastFix: fixes.get(p.user.userId) ?? null,
        alertedAt: p.safety?.alertedAt?.toISOString() ?? null,
        contactsMailedAt: p.safety?.contactsMailedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Tells everyone taking part to refetch the loop, once the change is committed. */
  async function announce(activityId: string, tx: DbOrTx, afterCommit: (send: () => void) => void) {
    const people = await repo.people(activityId, tx);
    afterCommit(() => {
      for (const p of people) deps.realtime.toUser(p.user.userId, 'safety:changed', { activityId });
    });
  }

  async function read(activityId: string, userId: string) {
    const { activity } = await takingPart(activityId, userId);
    return { safety: await view(activity, userId) };
  }

  async function setReturn(activityId: string, userId: string, plannedReturnAt: string | null) {
    const activity = await deps.changes.run(async (tx, fx) => {
      const { activity } = await deps.access.require('activity', activityId, userId, { as: 'organiser', tx });
      const at = plannedReturnAt === null ? null : new Date(plannedReturnAt);
      if (at && at <= activity.startsAt) throw new ApiError('RETURN_BEFORE_START');
      const updated = await repo.setPlannedReturn(activity.id, at, tx);
      await announce(activity.id, tx, fx.afterCommit);
      return updated;
    });
    return { safety: await view(activity, userId) };
  }

  async function share(activityId: string, userId: string, sharing: boolean, economy: boolean) {
    const activity = await deps.changes.run(async (tx, fx) => {
      const { activity } = await takingPart(activityId, userId, tx);
      if (sharing && windowOf(activity, await repo.people(activity.id, tx)).state !== 'OPEN')
        throw new ApiError('SAFETY_WINDOW_CLOSED');
      await repo.setState(activity.id, userId, { sharing, economy }, tx);
      await announce(activity.id, tx, fx.afterCommit);
      return activity;
    });
    return { safety: await view(activity, userId) };
  }

  /** "I'm back", by the person or, for someone else, by an organiser; it ends their sharing and their escalation. */
  async function checkIn(callerId: string, input: { activityId: string; userId?: string; back: boolean }) {
    const activity = await deps.changes.run(async (tx, fx) => {
      const { activity, member } = await takingPart(input.activityId, callerId, tx);
      const target = input.userId ?? callerId;
      if (target !== callerId && !isAdmin(member)) throw new ApiError('FORBIDDEN');
      const people = await repo.people(activity.id, tx);
      if (!people.some((p) => p.user.userId === target)) throw new ApiError('USER_NOT_FOUND');
      if (windowOf(activity, people).state === 'BEFORE') throw new ApiError('SAFETY_NOT_STARTED');
      await repo.setState(
        activity.id,
        target,
        input.back ? { backAt: deps.now(), sharing: false } : { backAt: null },
        tx,
      );
      await announce(activity.id, tx, fx.afterCommit);
      return activity;
    });
    return { safety: await view(activity, callerId) };
  }

  /**
   * A queued "I'm back" (queued-events.ts), applied as the person who signed it: they are back since `at`, when it
   * happened, or since an earlier check-in already recorded. The escalation judges them by that time: a step not taken
   * yet is never taken. `claim` records the event in the same transaction, and answers false for a replay.
   */
  async function backSince(userId: string, activityId: string, at: Date, claim: (tx: DbOrTx) => Promise<boolean>) {
    return deps.changes.run(async (tx, fx) => {
      if (!(await claim(tx))) return false;
      const { activity } = await takingPart(activityId, userId, tx);
      if (safetyWindow(activity, null, at).state === 'BEFORE') throw new ApiError('SAFETY_NOT_STARTED');
      await repo.backSince(activity.id, userId, at, tx);
      await announce(activity.id, tx, fx.afterCommit);
      return true;
    });
  }

  /**
   * A queued position, stored with the time it was fixed: in the window as the planned return sets it, while the
   * person shares, or before their check-in. It is history (the others see it as a last position if it is the newest),
   * not sent live.
   */
  async function positionAt(
    userId: string,
    activityId: string,
    point: { latitude: number; longitude: number; accuracy?: number },
    at: Date,
    claim: (tx: DbOrTx) => Promise<boolean>,
  ) {
    return deps.changes.run(async (tx) => {
      if (!(await claim(tx))) return false;
      const { activity } = await takingPart(activityId, userId, tx);
      const window = safetyWindow(activity, null, at);
      if (window.state !== 'OPEN') throw new ApiError('SAFETY_WINDOW_CLOSED');
      const me = (await repo.people(activity.id, tx)).find((p) => p.user.userId === userId);
      const backAt = me?.safety?.backAt;
      if (!(backAt ? at <= backAt : me?.safety?.sharing)) throw new ApiError('SAFETY_WINDOW_CLOSED');
      await repo.addPoint(
        { activityId: activity.id, userId, ...point, accuracy: point.accuracy ?? null, recordedAt: at },
        tx,
      );
      return true;
    });
  }

  /**
   * A position sent over the socket. Checked on every event: the sender takes part in the live activity, shares, is not
   * back, and the window is open. It is stored, then sent to each other person who shares and is not back, unless a
   * block stands between the two, through the privacy zones' door.
   */
  async function position(userId: string, input: SafetyPositionInput): Promise<SafetyPositionAck> {
    if (
      !input ||
      typeof input.activityId !== 'string' ||
      !isUuid(input.activityId) ||
      !isCoordinate(input.latitude, 90) ||
      !isCoordinate(input.longitude, 180) ||
      (input.accuracy !== undefined && !(isCoordinate(input.accuracy, 100_000) && input.accuracy >= 0))
    )
      return { ok: false, code: 'INVALID' };
    const row = await deps.access.activity(input.activityId, userId);
    if (!row || admits('participant', row, 'allow') !== 'ok') return { ok: false, code: 'NOT_FOUND' };
    const { activity } = row;
    const people = await repo.people(activity.id);
    const me = people.find((p) => p.user.userId === userId);
    if (!me?.safety?.sharing || me.safety.backAt) return { ok: false, code: 'NOT_SHARING' };
    if (windowOf(activity, people).state !== 'OPEN') return { ok: false, code: 'SAFETY_WINDOW_CLOSED' };
    const now = deps.now();
    const [last] = await repo.lastFixes(activity.id, [userId]);
    if (last && now.getTime() - new Date(last.recordedAt).getTime() < minimumGapMs(me.safety.economy))
      return { ok: false, code: 'TOO_SOON' };
    await repo.addPoint({
      activityId: activity.id,
      userId,
      latitude: input.latitude,
      longitude: input.longitude,
      accuracy: input.accuracy ?? null,
      recordedAt: now,
    });
    const others = people.filter((p) => p.user.userId !== userId && p.safety?.sharing && !p.safety.backAt);
    const blocked = await repo.blockedAmong(
      userId,
      others.map((p) => p.user.userId),
    );
    for (const other of others) {
      if (blocked.has(other.user.userId)) continue;
      const [point] = await deps.outgoing.points(userId, other.user.userId, [
        { latitude: input.latitude, longitude: input.longitude },
      ]);
      if (!point) continue;
      const event: SafetyPositionEvent = { activityId: activity.id, userId, ...point, at: now.toISOString() };
      deps.realtime.toUser(other.user.userId, 'safety:position', event);
    }
    return { ok: true };
  }

  const contacts = async (userId: string) => ({ contacts: await repo.contacts(userId) });

  /**
   * Replaces the contacts. Each address not confirmed yet gets one confirmation mail, of our words only, and another
   * only after CONTACT_CONFIRMATION_RESEND_MS (saving the list again is how a person asks for it): until the address
   * confirms, escalations do not mail it (security review M-N2).
   */
  async function setContacts(userId: string, list: { name: string; email: string }[]) {
    const emails = list.map((c) => c.email.toLowerCase());
    if (new Set(emails).size !== list.length) throw new ApiError('EMERGENCY_CONTACT_DUPLICATE');
    const now = deps.now();
    await deps.changes.run(async (tx, fx) => {
      const tokens = new Map<string, string>();
      const confirming = (kept: { confirmedAt: Date | null; confirmSentAt: Date | null } | undefined) => {
        if (kept?.confirmedAt) return null;
        if (kept?.confirmSentAt && now.getTime() - kept.confirmSentAt.getTime() < CONTACT_CONFIRMATION_RESEND_MS)
          return null;
        const token = newLinkToken();
        const hash = hashLinkToken(token);
        tokens.set(hash, token);
        return hash;
      };
      const rows = await repo.replaceContacts(userId, list, confirming, now, tx);
      const language = await repo.language(userId, tx);
      for (const row of rows) {
        const token = row.confirmTokenHash && tokens.get(row.confirmTokenHash);
        if (!token) continue;
        const mail = contactConfirmationMail({ language, link: `${deps.confirmBase}/${token}` });
        const queued = await deps.mailer.enqueue({ to: row.email, ...mail }, tx);
        fx.afterCommit(() => deps.mailer.dispatch(queued));
      }
    });
    return contacts(userId);
  }

  const deleteHistory = async (userId: string) => ({ deleted: await repo.deleteHistory(userId) });

  return { read, setReturn, share, checkIn, backSince, position, positionAt, contacts, setContacts, deleteHistory };
}

export type SafetyService = ReturnType<typeof createSafetyService>;
