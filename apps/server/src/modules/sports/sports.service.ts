import type { IntensityKind, Sport, UserSport } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import type { SportsRepository } from './sports.repository.ts';

type SportRow = Awaited<ReturnType<SportsRepository['listActive']>>[number];

/** A catalogue row as the app sees it: a language without a name of its own shows the English one. */
export const toSport = (row: SportRow): Sport => ({
  sportId: row.id,
  name: row.nameEn,
  names: {
    en: row.nameEn,
    it: row.nameIt,
    de: row.nameDe ?? row.nameEn,
    fr: row.nameFr ?? row.nameEn,
    es: row.nameEs ?? row.nameEn,
  },
  icon: row.icon,
  intensityKinds: row.intensityKinds as IntensityKind[],
});

export function createSportsService(repo: Pick<SportsRepository, 'listActive' | 'findByIds'>) {
  return {
    list: async () => (await repo.listActive()).map(toSport),
    /** Every sport exists and is active, and each intensity is of a kind its sport allows. */
    async assertValidUserSports(userSports: UserSport[]) {
      const ids = [...new Set(userSports.map((s) => s.sportId))];
      if (ids.length !== userSports.length) {
        throw new ApiError('VALIDATION_ERROR', { message: 'Each sport may be chosen once' });
      }
      const rows = await repo.findByIds(ids);
      const byId = new Map(rows.filter((r) => !r.retiredAt).map((r) => [r.id, r]));
      for (const [i, s] of userSports.entries()) {
        const sport = byId.get(s.sportId);
        if (!sport) throw new ApiError('SPORT_NOT_FOUND', { details: { sportId: s.sportId } });
        if (!sport.intensityKinds.includes(s.intensity.kind)) {
          throw new ApiError('VALIDATION_ERROR', {
            message: `${sport.nameEn} does not measure ${s.intensity.kind.toLowerCase()}`,
            issues: [{ path: `sports.${i}.intensity.kind`, message: 'Not an intensity of this sport' }],
          });
        }
      }
    },
    async assertSportExists(sportId: string) {
      const [row] = await repo.findByIds([sportId]);
      if (!row || row.retiredAt) throw new ApiError('SPORT_NOT_FOUND');
    },
  };
}

export type SportsService = ReturnType<typeof createSportsService>;
