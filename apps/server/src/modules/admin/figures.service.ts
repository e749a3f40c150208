import { type AdminCallBody, FIGURES_MAX_DAYS } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { AuditLog } from './audit-log.repository.ts';

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A person used the app today: the "active users" figure, one row a day at most. The users module calls it
 * where the app reports someone online (users.service.ts `touchLastOnline`).
 */
export const createActiveDays =
  (repo: Pick<AdminRepository, 'recordActiveDay'>, now: () => Date) =>
  (userId: string): Promise<void> =>
    repo.recordActiveDay(userId, dayOf(now()));

/** The figures of the dashboard (per day, and the open reports) and the audit log. */
export function createFiguresService(deps: {
  repo: Pick<AdminRepository, 'figures' | 'openReports'>;
  audit: Pick<AuditLog, 'list'>;
  now: () => Date;
}) {
  const { repo } = deps;

  async function figures(body: AdminCallBody<'figures/get'>) {
    const to = body.to ?? dayOf(deps.now());
    const from = body.from ?? dayOf(new Date(Date.parse(to) - 29 * DAY_MS));
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (span < 1 || span > FIGURES_MAX_DAYS) {
      throw new ApiError('VALIDATION_ERROR', {
        message: `Choose a period of 1 to ${FIGURES_MAX_DAYS} days, from before to`,
        issues: [{ path: 'from', message: 'Out of range' }],
      });
    }
    const [days, openReports] = await Promise.all([repo.figures(from, to), repo.openReports()]);
    return { from, to, openReports, days };
  }

  return {
    figures,
    audit: async (body: AdminCallBody<'audit/list'>) => ({ entries: await deps.audit.list(body, body.pagination) }),
  };
}

export type FiguresService = ReturnType<typeof createFiguresService>;
