/** Column helpers shared by the schema files (not tables: the barrel `db/schema.ts` does not re-export them). */
import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';

export const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => at('created_at').defaultNow().notNull();

/**
 * A text people accept before joining an activity or a group (issue 40, docs/consent.md): none while the version is
 * 0; every change of the text adds 1, which asks the members again.
 */
export const consentText = () => ({
  consentText: text('consent_text'),
  consentVersion: integer('consent_version').notNull().default(0),
});
/** The version of that text a member accepted, and when; null: none accepted. */
export const consentGiven = () => ({
  consentVersion: integer('consent_version'),
  consentedAt: at('consented_at'),
});
