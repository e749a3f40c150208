import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { reportsHandlers } from './reports.handlers.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';

/** Reports of people and content, for the moderators' queue (admin). */
export function createReportsModule(core: Pick<Core, 'db' | 'rateLimiter'>) {
  const service = createReportsService({ reports: createReportsRepository(core.db), rateLimiter: core.rateLimiter });
  return { handlers: reportsHandlers(service), services: {} } satisfies Module;
}
