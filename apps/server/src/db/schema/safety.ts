/** The safety loop (issue 23, docs/safety.md). */
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * Each participant's part in an activity's safety loop, made on their first safety action or by the escalation job:
 * whether they share their live position (economy: every 5 min), when they checked in as back, and the two steps of
 * the escalation. `alerted_at` and `contacts_mailed_at` are the job's claim columns: a step is taken by the one
 * instance whose conditional upsert sets it, in the transaction of what it sends.
 */
export const activitySafety = pgTable(
  'activity_safety',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharing: boolean('sharing').notNull().default(false),
    economy: boolean('economy').notNull().default(false),
    backAt: at('back_at'),
    alertedAt: at('alerted_at'),
    contactsMailedAt: at('contacts_mailed_at'),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);

/** Positions a person shared during an activity: deleted after 28 days by the purge, or at once on request. */
export const locationPoints = pgTable(
  'location_points',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracy: doublePrecision('accuracy'),
    recordedAt: at('recorded_at').notNull(),
  },
  (t) => [
    index('location_points_person_idx').on(t.activityId, t.userId, t.recordedAt),
    index('location_points_user_idx').on(t.userId),
    index('location_points_recorded_idx').on(t.recordedAt),
  ],
);

/** Up to 3 people a person wants e-mailed if they are not back from an activity; they need no account. */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The address confirmed it accepts (security review M-N2): escalations mail only confirmed addresses. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The sha-256 of the confirmation link's token, until it is used. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.position] }),
    index('emergency_contacts_confirm_token').on(t.confirmTokenHash),
  ],
);

/**
 * The no-login links e-mailed to the emergency contacts of a person not back: only the SHA-256 of the random token is
 * kept; the page answers nothing once `expires_at` has passed.
 */
export const safetyLinks = pgTable(
  'safety_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactName: text('contact_name').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('safety_links_token_key').on(t.tokenHash), index('safety_links_expires_idx').on(t.expiresAt)],
);

/**
 * A device's Ed25519 public key (docs/safety.md "Without signal"): what it queues without signal is signed with the
 * private key, which never leaves the device, and checked with this one when it arrives, whoever carries it.
 */
export const deviceKeys = pgTable(
  'device_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The 32 raw bytes, base64url. */
    publicKey: text('public_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('device_keys_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The queued events applied, by signer and the id the device gave them: a second delivery of the same event finds its
 * row and is a duplicate (the replay rule). Kept as long as an event may arrive, then purged.
 */
export const queuedEvents = pgTable(
  'queued_events',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    kind: text('kind').notNull(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    occurredAt: at('occurred_at').notNull(),
    /** Who delivered it: the signer, or another participant's phone that carried it. */
    carriedBy: uuid('carried_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index('queued_events_received_idx').on(t.receivedAt)],
);
