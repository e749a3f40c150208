import { eq, inArray, sql } from 'drizzle-orm';
import type { Core } from '../../core.ts';
import { carpoolOffers, gearItems, rideRequests } from '../../db/schema.ts';
import type { Job } from '../../jobs.ts';
import type { Access } from '../access/access.ts';
import type { MembershipRepository } from '../membership/membership.repository.ts';
import type { Module } from '../module.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import type { Changes } from '../shared/changes.ts';
import { createCarpoolService } from './carpool.service.ts';
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
  const participation = createParticipation({ memberships, realtime: core.realtime });
  const carpool = createCarpoolService({
    db: core.db,
    changes: deps.changes,
    access,
    memberships,
    participation,
    privacy: deps.privacy,
    maxDetourMetres: core.config.CARPOOL_MAX_DETOUR_METRES,
  });
  const gear = createGearService({ db: core.db, access, participation });
  const gearReminders = createGearReminders({ changes: deps.changes, now: core.now });

  const handlers = logisticsHandlers(carpool, gear);

  /**
   * Exact points are kept no longer than needed: a day after an activity ends its carpool goes, and so do
   * the car, request and checklist of anyone who left it. Plain deletes: safe on any number of instances.
   */
  async function purgeCarpools() {
    const endedBefore = new Date(core.now().getTime() - 86_400_000).toISOString();
    const notTakingPart = (table: string, column: string) =>
      sql.raw(`not exists (select 1 from activity_members m where m.activity_id = ${table}.activity_id
        and m.user_id = ${table}.${column} and m.state = 'PARTICIPATING')`);
    const ended = (table: string) =>
      sql`exists (select 1 from activities a where a.id = ${sql.raw(`${table}.activity_id`)}
        and (a.ends_at < ${endedBefore}::timestamptz or a.deleted_at is not null))`;
    await core.db.execute(
      sql`delete from ride_requests where ${notTakingPart('ride_requests', 'rider_id')} or ${ended('ride_requests')}`,
    );
    await core.db.execute(
      sql`update ride_requests set status = 'PENDING', offer_id = null where offer_id in (select id from carpool_offers
        where ${notTakingPart('carpool_offers', 'driver_id')})`,
    );
    await core.db.execute(
      sql`delete from carpool_offers where ${notTakingPart('carpool_offers', 'driver_id')} or ${ended('carpool_offers')}`,
    );
    await core.db.execute(
      sql`delete from gear_items where personal_for is not null and ${notTakingPart('gear_items', 'personal_for')}`,
    );
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
      await tx.delete(rideRequests).where(eq(rideRequests.riderId, userId));
      await tx
        .update(rideRequests)
        .set({ status: 'PENDING', offerId: null })
        .where(
          inArray(
            rideRequests.offerId,
            tx.select({ id: carpoolOffers.id }).from(carpoolOffers).where(eq(carpoolOffers.driverId, userId)),
          ),
        );
      await tx.delete(carpoolOffers).where(eq(carpoolOffers.driverId, userId));
      await tx.delete(gearItems).where(eq(gearItems.personalFor, userId));
      await tx.update(gearItems).set({ claimedBy: null }).where(eq(gearItems.claimedBy, userId));
    });
  }

  return {
    handlers,
    jobs,
    services: { carpool, gear, gearReminders, erasePersonalData, purgeCarpools },
  } satisfies Module;
}
