import type { AdminCallBody, AdminSport, IntensityKind } from '@cordata/contract';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { AuditInput } from '../admin/audit-log.repository.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { Changes } from '../shared/changes.ts';
import type { SportsRepository } from './sports.repository.ts';
import { SEED_SPORTS } from './sports.seed.ts';

type CatalogueEntry = NonNullable<Awaited<ReturnType<SportsRepository['catalogueEntry']>>>;

const toAdminSport = ({ sport, usage }: CatalogueEntry): AdminSport => ({
  sportId: sport.id,
  // As stored, nulls included: the operator sees which translations are missing.
  names: { en: sport.nameEn, it: sport.nameIt, de: sport.nameDe, fr: sport.nameFr, es: sport.nameEs },
  icon: sport.icon,
  intensityKinds: sport.intensityKinds as IntensityKind[],
  retiredAt: sport.retiredAt?.toISOString() ?? null,
  usage,
});

/** All five columns at once: a language the operator left out is cleared, so it shows the English name again. */
const nameValues = (names: AdminCallBody<'sports/create'>['names']) => ({
  nameEn: names.en,
  nameIt: names.it,
  nameDe: names.de ?? null,
  nameFr: names.fr ?? null,
  nameEs: names.es ?? null,
});

/**
 * The sports catalogue as admins manage it. A sport in use, or one of the seed list (the seed would add it
 * back), is retired, never deleted. Each change writes its audit entry in its own transaction.
 */
export function createSportsAdmin(deps: {
  changes: Pick<Changes, 'run'>;
  repo: Pick<SportsRepository, 'catalogue' | 'catalogueEntry' | 'insert' | 'update' | 'remove'>;
  /** The audit log's writer (the admin module's), called in the change's transaction. */
  audit: { write(entry: AuditInput, tx: DbOrTx): Promise<void> };
  now: () => Date;
}) {
  const { repo } = deps;

  async function entry(sportId: string, tx?: DbOrTx) {
    const row = await repo.catalogueEntry(sportId, tx);
    if (!row) throw new ApiError('SPORT_NOT_FOUND');
    return row;
  }
  const audited = (actor: AuthUser, action: string, sportId: string, tx: DbOrTx, details?: Record<string, unknown>) =>
    deps.audit.write({ actorId: actor.userId, action, targetType: 'SPORT', targetId: sportId, details }, tx);

  return {
    list: async () => ({ sports: (await repo.catalogue()).map(toAdminSport) }),

    create: (actor: AuthUser, body: AdminCallBody<'sports/create'>) =>
      deps.changes.run(async (tx) => {
        const values = {
          ...nameValues(body.names),
          icon: body.icon,
          intensityKinds: body.intensityKinds,
        };
        if (!(await repo.insert(body.sportId, values, tx))) throw new ApiError('SPORT_EXISTS');
        await audited(actor, 'SPORT_CREATE', body.sportId, tx, { ...body });
        return { sport: toAdminSport(await entry(body.sportId, tx)) };
      }),

    update: (actor: AuthUser, body: AdminCallBody<'sports/update'>) =>
      deps.changes.run(async (tx) => {
        const { sport } = await entry(body.sportId, tx);
        await repo.update(
          body.sportId,
          {
            ...(body.names ? nameValues(body.names) : {}),
            ...(body.icon ? { icon: body.icon } : {}),
            ...(body.intensityKinds ? { intensityKinds: body.intensityKinds } : {}),
            // Retiring keeps the first retirement date.
            ...(body.retired === undefined ? {} : { retiredAt: body.retired ? (sport.retiredAt ?? deps.now()) : null }),
          },
          tx,
        );
        await audited(actor, 'SPORT_UPDATE', body.sportId, tx, { ...body });
        return { sport: toAdminSport(await entry(body.sportId, tx)) };
      }),

    delete: (actor: AuthUser, sportId: string) =>
      deps.changes.run(async (tx) => {
        const { sport, usage } = await entry(sportId, tx);
        const inUse = usage.users > 0 || usage.activities > 0 || SEED_SPORTS.some((s) => s.id === sportId);
        if (inUse) await repo.update(sportId, { retiredAt: sport.retiredAt ?? deps.now() }, tx);
        else await repo.remove(sportId, tx);
        await audited(actor, inUse ? 'SPORT_RETIRE' : 'SPORT_DELETE', sportId, tx);
        return { outcome: inUse ? ('RETIRED' as const) : ('DELETED' as const) };
      }),
  };
}

export type SportsAdmin = ReturnType<typeof createSportsAdmin>;
