/** People: accounts, blocks, contacts and the days they used the app. */
import type { Gender, Language, Role } from '@cordata/contract/enums';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: at('email_confirmed_at'),
    /** The TOTP secret, encrypted (AES-256-GCM, key derived from the JWT secret); set at enrolment. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    /** The last time step a code was accepted for: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    username: text('username'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Lowercased, accent-free "first last username", for search. */
    searchName: text('search_name').notNull().default(''),
    country: text('country'),
    city: text('city'),
    birthDate: text('birth_date'),
    phone: text('phone'),
    gender: text('gender').$type<Gender>(),
    profilePicture: text('profile_picture'),
    homeLatitude: doublePrecision('home_latitude'),
    homeLongitude: doublePrecision('home_longitude'),
    language: text('language').$type<Language>().notNull().default('en'),
    role: text('role').$type<Role>().notNull().default('USER'),
    completed: boolean('completed').notNull().default(false),
    notificationPreferences: jsonb('notification_preferences').$type<Record<string, boolean>>().notNull().default({}),
    /** How long before an activity's start the person is reminded of it; 0 means never. */
    reminderMinutes: integer('reminder_minutes').notNull().default(120),
    lastOnlineAt: at('last_online_at'),
    /** Bumped to revoke the addresses of the person's private calendar feeds (they are HMACs over it). */
    calendarFeedVersion: integer('calendar_feed_version').notNull().default(0),
    suspendedUntil: at('suspended_until'),
    suspensionReason: text('suspension_reason'),
    termsAcceptedAt: at('terms_accepted_at'),
    termsVersion: text('terms_version'),
    privacyAcceptedAt: at('privacy_accepted_at'),
    privacyVersion: text('privacy_version'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_home_earth_idx')
      .using('gist', sql`ll_to_earth(${t.homeLatitude}, ${t.homeLongitude})`)
      .where(sql`${t.homeLatitude} is not null`),
    index('users_created_at_idx').on(t.createdAt),
    // People search without a name or a place ranks the most recently online (review M8).
    index('users_last_online_idx')
      .on(sql`${t.lastOnlineAt} desc nulls last`)
      .where(sql`${t.deletedAt} is null and ${t.completed}`),
    // People search matches words anywhere in the name (LIKE '%…%') and by similarity.
    index('users_search_name_trgm_idx')
      .using('gin', t.searchName.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Who blocked whom (security review L3, issue 23): the blocked person is not told. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

export const connections = pgTable(
  'connections',
  {
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: uuid('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'PENDING' | 'ACCEPTED'>().notNull(),
    createdAt: createdAt(),
    acceptedAt: at('accepted_at'),
    /**
     * Each side's name as the other's list of contacts sorts it, lower(first || ' ' || last), kept by triggers on
     * connections and on users' names (migration 0031): the page of a person's contacts is read in order.
     */
    requesterSortName: text('requester_sort_name').notNull().default(''),
    addresseeSortName: text('addressee_sort_name').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    uniqueIndex('connections_pair_key').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('connections_requester_list_idx').on(
      t.requesterId,
      t.status,
      t.addresseeSortName,
      t.createdAt.desc(),
      t.addresseeId,
    ),
    index('connections_addressee_list_idx').on(
      t.addresseeId,
      t.status,
      t.requesterSortName,
      t.createdAt.desc(),
      t.requesterId,
    ),
  ],
);

/** The days on which a person used the app (at most one row a day): the "active users" figure. */
export const userActiveDays = pgTable(
  'user_active_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);
