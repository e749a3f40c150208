import type { Core } from '../../core.ts';
import type { Job } from '../../jobs.ts';
import type { Access } from '../access/access.ts';
import type { MembershipRepository } from '../membership/membership.repository.ts';
import type { Module } from '../module.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import type { Changes } from '../shared/changes.ts';
import { createCarpoolRepository } from './carpool.repository.ts';
import { createCarpoolService } from './carpool.service.ts';
import { createGearRepository } from './gear.repository.ts';
import { createGearService } from './gear.service.ts';
import { createGearReminders } from './gear-reminders.ts';
import { logisticsHandlers } from './logistics.handlers.ts';
import { createParticipation } from './participation.ts';

/** Getting to the trailhead: carpools and gear of an activity, for the people taking part. */
export function createLogisticsModule(
  core: Core,
  deps: {
    access: Access;
    changes: Changes;
    memberships: Pick<MembershipRepository, 'memberIds'>;
    privacy: Pick<PrivacyTrim, 'zonesFor'>;
  },
) {
  const { access, memberships } = deps;
  const carpoolRepository = createCarpoolRepository(core.db);
  const gearRepository = createGearRepository(core.db);
  const participation = createParticipation({ memberships, realtime: core.realtime });
  const carpool = createCarpoolService({
    db: core.db,
    changes: deps.changes,
    access,
    memberships,
    participation,
    privacy: deps.privacy,
    maxDetourMetres: core.config.CARPOOL_MAX_DETOUR_METRES,
    repo: carpoolRepository,
  });
  const gear = createGearService({ db: core.db, access, participation, repo: gearRepository });
  const gearReminders = createGearReminders({ changes: deps.changes, repo: gearRepository, now: core.now });

  const handlers = logisticsHandlers(carpool, gear);

  /**
   * Exact points are kept no longer than needed: a day after an activity ends its carpool goes, and so do
   * the car, request and checklist of anyone who left it. Plain deletes: safe on any number of instances.
   */
  async function purgeCarpools() {
    const endedBefore = new Date(core.now().getTime() - 86_400_000).toISOString();
    await carpoolRepository.purge(endedBefore);
    await gearRepository.purge();
  }

  const jobs: Job[] = [
    { name: 'gear-reminders', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: gearReminders.run },
    { name: 'carpool-purge', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: purgeCarpools },
  ];

  /**
   * With the account: the person's car (its origin) and ride request (its pickup point) and private
   * checklists go; what they said they would bring is free again.
   */
  async function erasePersonalData(userId: string) {
    await core.db.transaction(async (tx) => {
      await carpoolRepository.erase(userId, tx);
      await gearRepository.erase(userId, tx);
    });
  }

  return {
    handlers,
    jobs,
    services: { carpool, gear, gearReminders, erasePersonalData, purgeCarpools },
  } satisfies Module;
}
