/** Logistics: carpools and gear (docs/logistics.md). */
import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** A driver's seats to an activity (one offer per driver and activity). The origin is exact and never sent. */
export const carpoolOffers = pgTable(
  'carpool_offers',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    originLatitude: doublePrecision('origin_latitude').notNull(),
    originLongitude: doublePrecision('origin_longitude').notNull(),
    costNote: text('cost_note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('carpool_offers_driver_idx').on(t.activityId, t.driverId)],
);

/** A rider's request (one per rider and activity). The pickup point is exact and only sent once accepted. */
export const rideRequests = pgTable(
  'ride_requests',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The offer asked for, or the one that accepted; null while any driver may pick it up. */
    offerId: uuid('offer_id').references(() => carpoolOffers.id, { onDelete: 'set null' }),
    status: text('status').$type<'PENDING' | 'ACCEPTED' | 'DECLINED'>().notNull(),
    pickupLatitude: doublePrecision('pickup_latitude').notNull(),
    pickupLongitude: doublePrecision('pickup_longitude').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ride_requests_rider_idx').on(t.activityId, t.riderId),
    index('ride_requests_offer_idx').on(t.offerId),
  ],
);

/** Gear of an activity: group items someone claims, or (personalFor set) one person's private checklist. */
export const gearItems = pgTable(
  'gear_items',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    templateKey: text('template_key'),
    required: boolean('required').notNull().default(false),
    personalFor: uuid('personal_for').references(() => users.id, { onDelete: 'cascade' }),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    checked: boolean('checked').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('gear_items_activity_idx').on(t.activityId, t.personalFor)],
);

/** One row per activity whose admins were told about unclaimed required gear: the reminder goes out once. */
export const gearReminders = pgTable('gear_reminders', {
  activityId: uuid('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  sentAt: createdAt(),
});
