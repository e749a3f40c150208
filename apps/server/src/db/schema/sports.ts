/** The sports catalogue and each person's sports. */
import { doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.ts';
import { users } from './users.ts';

export const sports = pgTable('sports', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameIt: text('name_it').notNull(),
  // Null where an operator gave no translation: answers carry the English name instead.
  nameDe: text('name_de'),
  nameFr: text('name_fr'),
  nameEs: text('name_es'),
  icon: text('icon').notNull(),
  intensityKinds: text('intensity_kinds').array().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  retiredAt: at('retired_at'),
  createdAt: createdAt(),
});

export const userSports = pgTable(
  'user_sports',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sportId: text('sport_id')
      .notNull()
      .references(() => sports.id),
    intensityKind: text('intensity_kind').$type<'DISTANCE' | 'ELEVATION' | 'TIME' | 'PACE'>().notNull(),
    intensityValue: doublePrecision('intensity_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sportId] }), index('user_sports_sport_idx').on(t.sportId)],
);
