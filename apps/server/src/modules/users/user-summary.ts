import type { UserSummary } from '@cordata/contract';
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

export const toUserSummary = (row: {
  userId: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profilePicture: string | null;
  lastOnlineAt: Date | null;
}): UserSummary => ({
  userId: row.userId,
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  profilePicture: row.profilePicture,
  lastOnlineAt: row.lastOnlineAt?.toISOString() ?? null,
});

/** Lowercased and accent-free text, so "Forlì" and "forli" match. */
export const searchable = (...parts: (string | null | undefined)[]) =>
  parts
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
