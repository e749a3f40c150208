/** The recap: its notice and its album (docs/recap.md). */
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** Activities whose participants were told their recap is ready: the row is the claim, so it is told once. */
export const activityRecapNotices = pgTable('activity_recap_notices', {
  activityId: uuid('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  sentAt: at('sent_at').notNull(),
});

/** The recap's album (docs/recap.md): photos its participants uploaded after the end. */
export const activityPhotos = pgTable(
  'activity_photos',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    /** The upload's storage key (photos/<id>): never served without a signature. */
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('activity_photos_activity_idx').on(t.activityId, t.createdAt)],
);
