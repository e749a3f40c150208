import type { UserSummary } from '@cordata/contract';
import type { AnyColumn } from 'drizzle-orm';
import { users } from '../../db/schema.ts';

/** The columns every list of people selects: never e-mail, phone or birth date. */
export const userSummaryColumns = {
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
  lastOnlineAt: users.lastOnlineAt,
};

type PersonColumn = 'id' | 'username' | 'firstName' | 'lastName' | 'profilePicture' | 'lastOnlineAt' | 'deletedAt';

/**
 * The summary columns of `users` or of an alias of it (`alias(users, 'creator')`), with `deletedAt`, for a
 * person joined to something else: `toPersonOrNull` turns the row into a summary, or null once they are gone.
 */
export const personColumns = <T extends Record<PersonColumn, AnyColumn>>(
  u: T,
): {
  userId: T['id'];
  username: T['username'];
  firstName: T['firstName'];
  lastName: T['lastName'];
  profilePicture: T['profilePicture'];
  lastOnlineAt: T['lastOnlineAt'];
  deletedAt: T['deletedAt'];
} => ({
  userId: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  profilePicture: u.profilePicture,
  lastOnlineAt: u.lastOnlineAt,
  deletedAt: u.deletedAt,
});

export interface SummaryRow {
  userId: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profilePicture: string | null;
  lastOnlineAt: Date | null;
}

export const toUserSummary = (row: SummaryRow): UserSummary => ({
  userId: row.userId,
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  profilePicture: row.profilePicture,
  lastOnlineAt: row.lastOnlineAt?.toISOString() ?? null,
});

/** A joined person (`personColumns`) as a summary; null without one (a left join) or once the account is deleted. */
export const toPersonOrNull = (
  row: (Omit<SummaryRow, 'userId'> & { userId: string | null; deletedAt: Date | null }) | null,
): UserSummary | null => (row?.userId && !row.deletedAt ? toUserSummary({ ...row, userId: row.userId }) : null);

/** Lowercased and accent-free text, so "Forlì" and "forli" match. */
export const searchable = (...parts: (string | null | undefined)[]) =>
  parts
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
