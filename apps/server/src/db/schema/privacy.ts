/** Privacy zones (issue 23, docs/privacy.md). */
import { doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * Privacy zones (issue 23, docs/privacy.md): circles that hide a person's route points and positions from everyone
 * else. The circle's centre is drawn at random around the point they chose (`chosen*`), which never leaves the
 * owner's own answers; regenerating draws a new centre.
 */
export const privacyZones = pgTable(
  'privacy_zones',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label'),
    chosenLatitude: doublePrecision('chosen_latitude').notNull(),
    chosenLongitude: doublePrecision('chosen_longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusMetres: doublePrecision('radius_metres').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_zones_user_idx').on(t.userId)],
);
