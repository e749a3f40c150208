import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, Latitude, Longitude } from '../common.ts';
import { QUEUED_EVENTS_PER_BATCH } from '../constants.ts';
import { AttendanceMark } from './attendance.ts';

/** A device's Ed25519 public key: its 32 raw bytes, base64url. */
const PublicKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'An Ed25519 public key: 32 bytes in base64url');
/** An Ed25519 signature: 64 bytes, base64url. */
const Signature = z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'An Ed25519 signature: 64 bytes in base64url');

const common = {
  /** Made by the device (a random UUID): the replay key. */
  id: Id,
  activityId: Id,
  /** Who did it and signed it: the event is applied as this person, whoever carries it. */
  personId: Id,
  /** When it happened, by the device's clock. */
  occurredAt: IsoDateTime,
  /** The signer's key, as `safety/register-device-key` answered it. */
  deviceKeyId: Id,
  /** Ed25519 over `queuedEventText(event)`. */
  signature: Signature,
};

/**
 * An action made without signal, kept on the phone and sent later, by that phone or by another participant's
 * (store and forward): docs/safety.md "Without signal".
 */
export const QueuedEvent = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('BACK'), payload: z.object({}).strict() }),
  z.object({
    ...common,
    kind: z.literal('POSITION'),
    payload: z
      .object({ latitude: Latitude, longitude: Longitude, accuracy: z.number().min(0).max(100_000).optional() })
      .strict(),
  }),
  z.object({
    ...common,
    kind: z.literal('ATTENDANCE_MARK'),
    payload: z.object({ userId: Id, mark: AttendanceMark }).strict(),
  }),
  z.object({
    ...common,
    kind: z.literal('CHECK_IN'),
    payload: z.object({ code: z.string().min(1).max(200) }).strict(),
  }),
]);
export type QueuedEvent = z.infer<typeof QueuedEvent>;
export type QueuedEventKind = QueuedEvent['kind'];

export const QUEUED_EVENT_REFUSALS = [
  /** No key of that id for the signer, or it was replaced. */
  'UNKNOWN_KEY',
  'BAD_SIGNATURE',
  /** Happened longer ago than the server accepts. */
  'STALE',
  /** Happened later than the server's clock allows for skew. */
  'IN_FUTURE',
  'ACTIVITY_NOT_FOUND',
  'FORBIDDEN',
  'USER_NOT_FOUND',
  'SAFETY_NOT_STARTED',
  'SAFETY_WINDOW_CLOSED',
  'ATTENDANCE_NOT_STARTED',
  'ATTENDANCE_CLOSED',
  'ATTENDANCE_CODE_INVALID',
] as const;
export type QueuedEventRefusal = (typeof QUEUED_EVENT_REFUSALS)[number];

export const QueuedEventResult = z.object({
  id: Id,
  /** ACCEPTED: applied now; DUPLICATE: applied before (drop it); REFUSED: never will be (drop it, say why). */
  status: z.enum(['ACCEPTED', 'DUPLICATE', 'REFUSED']),
  code: z.enum(QUEUED_EVENT_REFUSALS).nullable(),
});
export type QueuedEventResult = z.infer<typeof QueuedEventResult>;

export { canonicalJson, queuedEventText } from '../queued.ts';

export const queuedCalls = {
  'safety/register-device-key': defineCall({
    auth: true,
    summary:
      "Register this device's Ed25519 public key, so that what it queues without signal can be checked when it arrives (the private key never leaves the device)",
    body: z.object({ publicKey: PublicKey }),
    response: z.object({ deviceKeyId: Id }),
    errors: ['DEVICE_KEY_INVALID'],
  }),
  'safety/deliver-queued': defineCall({
    auth: true,
    summary:
      "Deliver actions queued without signal (\"I'm back\", positions, attendance marks), yours or those another participant's phone handed to yours: each is checked against its signer's device key and applied as the signer, by its original time",
    body: z.object({ events: z.array(QueuedEvent).min(1).max(QUEUED_EVENTS_PER_BATCH) }),
    response: z.object({ results: z.array(QueuedEventResult) }),
  }),
};
