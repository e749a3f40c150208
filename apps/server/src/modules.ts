import type { Core } from './core.ts';
import type { Handlers } from './http/handlers.ts';
import type { Job } from './jobs.ts';
import { createChatMembership } from './modules/chat/chat-membership.ts';
import { createLocationGeocoder } from './modules/location/location.geocoders.ts';
import { createLocationService, locationHandlers } from './modules/location/location.service.ts';
import { createNotifier } from './modules/notifications/notifier.ts';
import { recordReleases } from './modules/releases/releases.ts';
import { createSportsRepository } from './modules/sports/sports.repository.ts';
import { createSportsService, sportsHandlers } from './modules/sports/sports.service.ts';

/**
 * The one place where domain modules are wired together. Each returns the calls it answers;
 * a call no module answers is a 501 until its module lands.
 */
export function createModules(core: Core) {
  // Shared by the domains: notifications of what happened, and chat membership that follows participation.
  const notifier = createNotifier({ db: core.db, realtime: core.realtime });
  const chatMembership = createChatMembership({ db: core.db, realtime: core.realtime });

  const sportsRepository = createSportsRepository(core.db);
  const sports = createSportsService(sportsRepository);

  const handlers: Handlers = {
    ...sportsHandlers(sports),
    ...locationHandlers(createLocationService({ geocoder: createLocationGeocoder(core.config) })),
  };

  /** Work that runs once the database is migrated, before the server listens. */
  async function onStart() {
    await sportsRepository.seed();
    await recordReleases(core.db, core.config.dataDir);
  }

  const jobs: Job[] = [];

  return { handlers, onStart, jobs, services: { sports, notifier, chatMembership } };
}
