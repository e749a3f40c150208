import type { IntensityKind, OwnUser, UserSport } from '@cordata/contract';
import type { userSports, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;
type UserSportRow = Pick<typeof userSports.$inferSelect, 'sportId' | 'intensityKind' | 'intensityValue'>;

export const toUserSport = (row: UserSportRow): UserSport => ({
  sportId: row.sportId,
  intensity: { kind: row.intensityKind as IntensityKind, value: row.intensityValue },
});

/** A pace group's level (issue 40), as `toOwnUser` reads it. */
export type PaceGroupLevelRow = UserSportRow & { subgroupName: string };

/** The signed-in user's own view of their account: every own field, never the hash or moderation data. */
export const toOwnUser = (row: UserRow, sports: UserSportRow[], paceGroupLevels: PaceGroupLevelRow[]): OwnUser => ({
  userId: row.id,
  email: row.email,
  username: row.username,
  firstName: row.firstName,
  lastName: row.lastName,
  country: row.country,
  city: row.city,
  birthDate: row.birthDate,
  phone: row.phone,
  gender: row.gender,
  profilePicture: row.profilePicture,
  sports: sports.map(toUserSport),
  paceGroupLevels: paceGroupLevels.map((level) => ({ ...toUserSport(level), subgroupName: level.subgroupName })),
  language: row.language,
  role: row.role,
  completed: row.completed,
  lastOnlineAt: row.lastOnlineAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
