import { eq, inArray } from 'drizzle-orm';
import type { Core } from '../../core.ts';
import { carpoolOffers, gearItems, rideRequests } from '../../db/schema.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Job } from '../../jobs.ts';
import type { Access } from '../access/access.ts';
import type { Changes } from '../shared/changes.ts';
import { createCarpoolService } from './carpool.service.ts';
import { createGearService } from './gear.service.ts';
import { createGearReminders } from './gear-reminders.ts';
import { createParticipation } from './participation.ts';

/** Getting to the trailhead: carpools and gear of an activity, for the people taking part. */
export function createLogisticsModule(core: Core, deps: { access: Access; changes: Changes }) {
  const participation = createParticipation({ db: core.db, access: deps.access, realtime: core.realtime });
  const carpool = createCarpoolService({
    db: core.db,
    participation,
    maxDetourMetres: core.config.CARPOOL_MAX_DETOUR_METRES,
  });
  const gear = createGearService({ db: core.db, participation });
  const gearReminders = createGearReminders({ changes: deps.changes, now: core.now });

  const handlers: Handlers = {
    'carpool/list': ({ body, user }) => carpool.list(body.activityId, user.userId),
    'carpool/offer-seats': ({ body, user }) => carpool.offerSeats(body, user.userId),
    'carpool/withdraw-offer': ({ body, user }) => carpool.withdrawOffer(body.offerId, user.userId),
    'carpool/request-ride': ({ body, user }) => carpool.requestRide(body, user.userId),
    'carpool/cancel-request': ({ body, user }) => carpool.cancelRequest(body.requestId, user.userId),
    'carpool/accept-request': ({ body, user }) => carpool.acceptRequest(body, user.userId),
    'carpool/decline-request': ({ body, user }) => carpool.declineRequest(body.requestId, user.userId),
    'gear/list': ({ body, user }) => gear.list(body.activityId, user.userId),
    'gear/add-item': ({ body, user }) => gear.addItem(body, user.userId),
    'gear/claim': ({ body, user }) => gear.claim(body, user.userId),
    'gear/check': ({ body, user }) => gear.check(body, user.userId),
    'gear/remove-item': ({ body, user }) => gear.removeItem(body.itemId, user.userId),
  };

  const jobs: Job[] = [
    { name: 'gear-reminders', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: gearReminders.run },
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

  return { handlers, jobs, carpool, gear, gearReminders, erasePersonalData };
}
