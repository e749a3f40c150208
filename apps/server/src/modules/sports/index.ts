import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { sportsHandlers } from './sports.handlers.ts';
import { createSportsRepository } from './sports.repository.ts';
import { createSportsService } from './sports.service.ts';

/** The sports catalogue: read by everyone, seeded at start, managed by operators (admin, sports.admin.ts). */
export function createSportsModule(core: Pick<Core, 'db'>) {
  const repository = createSportsRepository(core.db);
  const sports = createSportsService(repository);
  return { handlers: sportsHandlers(sports), services: { sports, repository } } satisfies Module;
}
