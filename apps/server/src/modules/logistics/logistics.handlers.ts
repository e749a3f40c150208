import type { carpoolCalls, gearCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { CarpoolService } from './carpool.service.ts';
import type { GearService } from './gear.service.ts';

export const logisticsHandlers = (
  carpool: CarpoolService,
  gear: GearService,
): HandlersOf<typeof carpoolCalls> & HandlersOf<typeof gearCalls> => ({
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
});
