import { createPublicKey, verify } from 'node:crypto';
import {
  DEVICE_KEYS_PER_PERSON,
  QUEUED_EVENT_CLOCK_SKEW_SECONDS,
  QUEUED_EVENT_MAX_AGE_HOURS,
  QUEUED_EVENT_REFUSALS,
  type QueuedEvent,
  type QueuedEventRefusal,
  type QueuedEventResult,
  queuedEventText,
} from '@cordata/contract';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Attendance } from '../attendance/attendance.service.ts';
import type { SafetyRepository } from './safety.repository.ts';
import type { SafetyService } from './safety.service.ts';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo: node:crypto takes raw keys only wrapped in it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const publicKeyOf = (raw: string) => {
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.length !== 32) return null;
  try {
    return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, bytes]), format: 'der', type: 'spki' });
  } catch {
    return null;
  }
};

/** Whether `signature` is the signer's Ed25519 signature of the event's canonical text. */
export function signedBy(publicKey: string, event: QueuedEvent): boolean {
  const key = publicKeyOf(publicKey);
  const signature = Buffer.from(event.signature, 'base64url');
  if (!key || signature.length !== 64) return false;
  const { signature: _, ...signed } = event;
  return verify(null, Buffer.from(queuedEventText(signed), 'utf8'), key, signature);
}

const refusals = new Set<string>(QUEUED_EVENT_REFUSALS);
const refusalOf = (err: unknown): QueuedEventRefusal | null => {
  if (!(err instanceof ApiError)) return null;
  if (refusals.has(err.code)) return err.code as QueuedEventRefusal;
  // Whatever else keeps the signer from doing it now (a cancelled activity, say) will not change by retrying.
  return err.status < 500 ? 'FORBIDDEN' : null;
};

/**
 * Actions made without signal (docs/safety.md "Without signal"). A phone keeps them with the time they happened,
 * signed with its own Ed25519 key, and delivers them when the network returns, or hands them to another participant's
 * phone to deliver. Whoever carries an event, it is applied as its signer, checked against the key the signer
 * registered: the carrier can neither forge nor alter one. It is accepted by its original time within
 * QUEUED_EVENT_MAX_AGE_HOURS back and QUEUED_EVENT_CLOCK_SKEW_SECONDS ahead, and once: the (signer, id) row recorded in
 * the transaction that applies it makes a second delivery a DUPLICATE.
 */
export function createQueuedEvents(deps: {
  repo: SafetyRepository;
  safety: Pick<SafetyService, 'backSince' | 'positionAt'>;
  attendance: Pick<Attendance, 'applyQueued'>;
  now: () => Date;
}) {
  const { repo } = deps;

  async function registerKey(userId: string, publicKey: string) {
    if (!publicKeyOf(publicKey)) throw new ApiError('DEVICE_KEY_INVALID');
    return { deviceKeyId: await repo.addDeviceKey(userId, publicKey, DEVICE_KEYS_PER_PERSON) };
  }

  async function apply(carrierId: string, e: QueuedEvent, at: Date): Promise<boolean> {
    const row = {
      userId: e.personId,
      eventId: e.id,
      kind: e.kind,
      activityId: e.activityId,
      occurredAt: at,
      carriedBy: carrierId,
    };
    const claim = (tx: DbOrTx) => repo.claimQueuedEvent(row, tx);
    switch (e.kind) {
      case 'BACK':
        return deps.safety.backSince(e.personId, e.activityId, at, claim);
      case 'POSITION':
        return deps.safety.positionAt(e.personId, e.activityId, e.payload, at, claim);
      case 'ATTENDANCE_MARK':
      case 'CHECK_IN':
        return deps.attendance.applyQueued(e.personId, e.activityId, e.payload, at, claim);
    }
  }

  async function deliverOne(carrierId: string, e: QueuedEvent): Promise<QueuedEventResult> {
    const refused = (code: QueuedEventRefusal): QueuedEventResult => ({ id: e.id, status: 'REFUSED', code });
    const key = await repo.deviceKey(e.personId, e.deviceKeyId);
    if (!key) return refused('UNKNOWN_KEY');
    if (!signedBy(key.publicKey, e)) return refused('BAD_SIGNATURE');
    const at = new Date(e.occurredAt);
    const now = deps.now().getTime();
    if (at.getTime() > now + QUEUED_EVENT_CLOCK_SKEW_SECONDS * 1000) return refused('IN_FUTURE');
    if (at.getTime() < now - QUEUED_EVENT_MAX_AGE_HOURS * 3_600_000) return refused('STALE');
    try {
      const applied = await apply(carrierId, e, at);
      return { id: e.id, status: applied ? 'ACCEPTED' : 'DUPLICATE', code: null };
    } catch (err) {
      const code = refusalOf(err);
      if (!code) throw err;
      return refused(code);
    }
  }

  /** Each event in turn, in the order sent (a phone sends them as they happened); one answer each. */
  async function deliver(carrierId: string, events: QueuedEvent[]) {
    const results: QueuedEventResult[] = [];
    for (const e of events) results.push(await deliverOne(carrierId, e));
    return { results };
  }

  return { registerKey, deliver };
}

export type QueuedEvents = ReturnType<typeof createQueuedEvents>;
