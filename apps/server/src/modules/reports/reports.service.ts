import type { CallBody } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** How many reports one person may file in an hour (with RATE_LIMITS on). */
export const REPORTS_PER_HOUR = 20;

export function createReportsService(deps: { reports: ReportsRepository; rateLimiter: Pick<RateLimiter, 'hit'> }) {
  async function create(reporterId: string, body: CallBody<'report/create'>) {
    // What the reporter cannot see does not exist for them, so it cannot be reported either.
    if (!(await deps.reports.isVisibleTo(body.targetType, body.targetId, reporterId))) {
      throw new ApiError('NOT_FOUND', { message: `${targetLabel[body.targetType]} not found` });
    }
    await deps.rateLimiter.hit(`report:user:${reporterId}`, { limit: REPORTS_PER_HOUR, windowSeconds: 3600 });
    const reportId = await deps.reports.insert({ reporterId, ...body });
    if (!reportId) throw new ApiError('ALREADY_REPORTED');
    return { reportId };
  }

  return { create };
}

const targetLabel = { USER: 'User', ACTIVITY: 'Activity', GROUP: 'Group', MESSAGE: 'Message' } as const;

export type ReportsService = ReturnType<typeof createReportsService>;
