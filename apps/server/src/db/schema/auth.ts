/** Sign-in: one-time codes and sessions. */
import type { Language } from '@cordata/contract/enums';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** A person's account at an OpenID Connect provider, linked to theirs: (provider, sub), never the e-mail alone. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's name in OIDC_PROVIDERS. */
    provider: text('provider').notNull(),
    /** The ID token's `sub`: stable and unique at the provider. */
    subject: text('subject').notNull(),
    /** The e-mail the provider last gave, for Settings only: never used to find the identity. */
    email: text('email'),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('oidc_identities_subject_key').on(t.provider, t.subject),
    uniqueIndex('oidc_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/**
 * A sign-in or link started at a provider and not finished yet: the state (kept as its hash), the PKCE verifier,
 * the nonce and the hash of the browser binding. Single use (`used_at`) and short-lived, in the database so that any
 * instance finishes what another started.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: id(),
    stateHash: text('state_hash').notNull(),
    bindingHash: text('binding_hash').notNull(),
    provider: text('provider').notNull(),
    intent: text('intent').$type<'SIGN_IN' | 'LINK' | 'REAUTH'>().notNull(),
    /** The person linking or signing in again (intents LINK and REAUTH). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    language: text('language').$type<Language>().notNull().default('en'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oidc_logins_state_key').on(t.stateHash), index('oidc_logins_expires_idx').on(t.expiresAt)],
);
