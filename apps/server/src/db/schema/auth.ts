/** Sign-in: one-time codes and sessions. */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<'CONFIRM_EMAIL' | 'RESET_PASSWORD' | 'SIGN_IN'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** The token's jti. */
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'ACCESS' | 'RESET'>().notNull().default('ACCESS'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    lastUsedAt: at('last_used_at'),
    /** When the password was last entered again in this session (step-up before deleting the account). */
    reauthenticatedAt: at('reauthenticated_at'),
    /** When this session passed the TOTP second factor (staff only; required for the admin calls). */
    secondFactorAt: at('second_factor_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
