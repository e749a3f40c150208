/** Groups and their members (and the membership state shared with activities). */
import type { GroupType, IntensityKind } from '@cordata/contract/enums';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, consentGiven, consentText, createdAt, id } from './columns.ts';
import { users } from './users.ts';

export const groups = pgTable(
  'groups',
  {
    id: id(),
    name: text('name').notNull(),
    searchName: text('search_name').notNull().default(''),
    description: text('description').notNull().default(''),
    type: text('type').$type<GroupType>().notNull(),
    sportIds: text('sport_ids').array().notNull().default(sql`'{}'::text[]`),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    address: text('address'),
    picture: text('picture'),
    /** Leaving its activities this many hours or less before the start is a late cancel (docs/attendance.md). */
    lateCancelHours: integer('late_cancel_hours').notNull().default(12),
    /** Requests from people at or above this reliability (percent) are accepted at once; null: never. */
    autoApproveReliability: integer('auto_approve_reliability'),
    ...consentText(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [
    index('groups_earth_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.latitude} is not null and ${t.deletedAt} is null`),
    index('groups_sport_ids_idx').using('gin', t.sportIds),
  ],
);

/**
 * Membership state shared by activities and groups. REMOVED: an admin removed the person; the row stays so
 * that they cannot walk back in (they may ask again, and an admin decides).
 */
export type MemberState = 'INVITED' | 'REQUESTED' | 'PARTICIPATING' | 'REJECTED' | 'REMOVED' | 'WAITLISTED';

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<MemberState>().notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * A ride leader (issue 40, docs/groups.md): between member and admin. Leads the sub-groups they are in; takes
     * attendance of the group's activities and sees records on closed joins; never manages members or the group.
     */
    isLeader: boolean('is_leader').notNull().default(false),
    /** The member lets the group's admins see their e-mail address in the roster (issue 40); off unless they opt in. */
    sharesEmail: boolean('shares_email').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    joinedAt: at('joined_at'),
    /** When an admin last removed the person; cleared once an admin lets them back in. */
    removedAt: at('removed_at'),
    ...consentGiven(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId, t.state),
    // A group's member list in its order (admins first, then by joining), so the first page of 10 000 members
    // reads its ten rows instead of sorting them all (bench/big-answers.ts).
    index('group_members_list_idx').on(
      t.groupId,
      t.state,
      sql`${t.isAdmin} desc`,
      sql`coalesce(${t.joinedAt}, ${t.createdAt})`,
      t.userId,
    ),
  ],
);

/**
 * A group's sub-groups (issue 40, docs/groups.md): pace groups such as "A (30 km/h)", each for one sport with a
 * declared level in the words of people's own levels (an intensity: kind and value, docs/people.md).
 */
export const subgroups = pgTable(
  'subgroups',
  {
    id: id(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sportId: text('sport_id').notNull(),
    intensityKind: text('intensity_kind').$type<IntensityKind>().notNull(),
    intensityValue: doublePrecision('intensity_value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subgroups_group_idx').on(t.groupId)],
);

/** Who is in a sub-group: members pick their own, admins assign anyone of the group. */
export const subgroupMembers = pgTable(
  'subgroup_members',
  {
    subgroupId: uuid('subgroup_id')
      .notNull()
      .references(() => subgroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subgroupId, t.userId] }), index('subgroup_members_user_idx').on(t.userId)],
);
