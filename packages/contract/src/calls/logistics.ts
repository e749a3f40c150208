import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, LatLng, Ok, UserSummary } from '../common.ts';
import { DATA_EXPORT_STATUSES, RIDE_REQUEST_STATUSES } from '../enums.ts';

/** The default of CARPOOL_MAX_DETOUR_METRES: ride requests further out of a driver's way are not offered to them. */
export const CARPOOL_DEFAULT_MAX_DETOUR_METRES = 3000;
export const CARPOOL_MAX_SEATS = 8;
/**
 * How far out of a driver's way a pickup is, told coarsely (security review H-N1): under 1 km, 1 to 3 km, over 3 km.
 * It is measured from the points the driver may see only (the pickup's rounded area, the meeting point they may see).
 */
export const DETOUR_BANDS = ['UNDER_1_KM', 'FROM_1_TO_3_KM', 'OVER_3_KM'] as const;
export const DetourBand = z.enum(DETOUR_BANDS);
export type DetourBand = z.infer<typeof DetourBand>;

const CostNote = z.string().trim().max(200);

export const CarpoolOffer = z.object({
  offerId: Id,
  driver: UserSummary,
  seats: z.int(),
  seatsTaken: z.int(),
  /** Where the driver leaves from, rounded to about a kilometre: never the exact point. */
  area: LatLng,
  costNote: z.string().nullable(),
  passengers: z.array(UserSummary),
  mine: z.boolean(),
});
export type CarpoolOffer = z.infer<typeof CarpoolOffer>;

export const RideRequestStatus = z.enum(RIDE_REQUEST_STATUSES);
export type RideRequestStatus = z.infer<typeof RideRequestStatus>;

export const RideRequest = z.object({
  requestId: Id,
  rider: UserSummary,
  status: RideRequestStatus,
  /** The offer asked for, or the one that accepted; null while anyone may pick it up. */
  offerId: Id.nullable(),
  /** The pickup rounded to about a kilometre. */
  area: LatLng,
  /** The exact pickup point: only to the rider and the driver who accepted, only once accepted. */
  pickup: LatLng.nullable(),
  /**
   * For a driver: how much picking this rider up adds to the way to the meeting point, from the points the driver
   * may see; null for others, and when the driver may not see the meeting point (inside the organiser's zones).
   */
  detour: DetourBand.nullable(),
  mine: z.boolean(),
});
export type RideRequest = z.infer<typeof RideRequest>;

const byActivity = z.object({ activityId: Id });

export const carpoolCalls = {
  'carpool/list': defineCall({
    auth: true,
    summary: "An activity's seat offers and the ride requests the caller may see (drivers: ranked by detour)",
    body: byActivity,
    response: z.object({
      offers: z.array(CarpoolOffer),
      requests: z.array(RideRequest),
      maxDetourMetres: z.number(),
    }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'carpool/offer-seats': defineCall({
    auth: true,
    summary: 'Offer seats to the activity from where I leave (creates or updates my offer)',
    body: byActivity.extend({
      seats: z.int().min(1).max(CARPOOL_MAX_SEATS),
      /** Where the driver leaves from; left out when changing an offer, the one given before stays. */
      origin: LatLng.optional(),
      costNote: CostNote.optional(),
    }),
    response: z.object({ offer: CarpoolOffer }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'SEATS_BELOW_TAKEN', 'OFFER_ORIGIN_FROZEN'],
  }),
  'carpool/withdraw-offer': defineCall({
    auth: true,
    summary: 'Withdraw my seat offer; its accepted riders are asking again',
    body: z.object({ offerId: Id }),
    response: Ok,
    errors: ['OFFER_NOT_FOUND', 'ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'carpool/request-ride': defineCall({
    auth: true,
    summary: 'Ask for a ride, from any driver or from one offer (creates or updates my request)',
    body: byActivity.extend({ pickup: LatLng, offerId: Id.optional() }),
    response: z.object({ request: RideRequest }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'OFFER_NOT_FOUND', 'OWN_OFFER'],
  }),
  'carpool/cancel-request': defineCall({
    auth: true,
    summary: 'Cancel my ride request (frees the seat if it was accepted)',
    body: z.object({ requestId: Id }),
    response: Ok,
    errors: ['RIDE_REQUEST_NOT_FOUND', 'ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'carpool/accept-request': defineCall({
    auth: true,
    summary: 'As a driver, take a rider: the exact pickup point is then shown to both',
    body: z.object({ requestId: Id, offerId: Id }),
    response: z.object({ request: RideRequest }),
    errors: [
      'RIDE_REQUEST_NOT_FOUND',
      'OFFER_NOT_FOUND',
      'NO_SEATS_LEFT',
      'DETOUR_TOO_LONG',
      'ACTIVITY_NOT_FOUND',
      'FORBIDDEN',
    ],
  }),
  'carpool/decline-request': defineCall({
    auth: true,
    summary: 'As a driver, decline a request made to my offer',
    body: z.object({ requestId: Id }),
    response: Ok,
    errors: ['RIDE_REQUEST_NOT_FOUND', 'ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
};

export const GearItem = z.object({
  itemId: Id,
  name: z.string(),
  required: z.boolean(),
  /** Who brings it (a group item); null while nobody has claimed it. */
  claimedBy: UserSummary.nullable(),
  /** Personal checklist items: ticked off. Always false for group items. */
  checked: z.boolean(),
  personal: z.boolean(),
  /** The template key when the item came from a sport template (the app names it in its language). */
  templateKey: z.string().nullable(),
  canRemove: z.boolean(),
});
export type GearItem = z.infer<typeof GearItem>;

export const GearSuggestion = z.object({ templateKey: z.string(), required: z.boolean() });
export type GearSuggestion = z.infer<typeof GearSuggestion>;

const GearName = z.string().trim().min(1).max(60);

export const gearCalls = {
  'gear/list': defineCall({
    auth: true,
    summary: "The activity's group items, my private checklist and the template's suggestions not yet added",
    body: byActivity,
    response: z.object({
      items: z.array(GearItem),
      checklist: z.array(GearItem),
      suggestions: z.array(GearSuggestion),
    }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'gear/add-item': defineCall({
    auth: true,
    summary: 'Add a group item (required only by an admin) or an item of my private checklist',
    body: byActivity.extend({
      name: GearName.optional(),
      templateKey: z.string().max(40).optional(),
      required: z.boolean().default(false),
      personal: z.boolean().default(false),
    }),
    response: z.object({ item: GearItem }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'GEAR_DUPLICATE'],
  }),
  'gear/claim': defineCall({
    auth: true,
    summary: '"I bring it": claim a group item, or let it go again',
    body: z.object({ itemId: Id, claimed: z.boolean() }),
    response: z.object({ item: GearItem }),
    errors: ['GEAR_NOT_FOUND', 'GEAR_ALREADY_CLAIMED', 'ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'gear/check': defineCall({
    auth: true,
    summary: 'Tick off an item of my private checklist',
    body: z.object({ itemId: Id, checked: z.boolean() }),
    response: z.object({ item: GearItem }),
    errors: ['GEAR_NOT_FOUND', 'ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'gear/remove-item': defineCall({
    auth: true,
    summary: 'Remove a group item (its author or an admin) or an item of my checklist',
    body: z.object({ itemId: Id }),
    response: Ok,
    errors: ['GEAR_NOT_FOUND', 'FORBIDDEN', 'ACTIVITY_NOT_FOUND'],
  }),
};

export const DataExportStatus = z.enum(DATA_EXPORT_STATUSES);
export const DataExport = z.object({
  exportId: Id,
  status: DataExportStatus,
  requestedAt: IsoDateTime,
  readyAt: IsoDateTime.nullable(),
  expiresAt: IsoDateTime.nullable(),
  /** A download link valid until expiresAt, once ready. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExport>;

export const exportCalls = {
  'export/request': defineCall({
    auth: true,
    summary:
      'Prepare a ZIP of all my data (JSON, GPX, ICS); a link is mailed when it is ready. Needs auth/reauthenticate moments before',
    body: null,
    response: z.object({ export: DataExport }),
    errors: ['RATE_LIMITED', 'REAUTH_REQUIRED'],
  }),
  'export/latest': defineCall({
    auth: true,
    summary: 'My latest data export and its state',
    body: null,
    response: z.object({ export: DataExport.nullable() }),
  }),
};

export const ROUTE_FILE_FORMATS = ['gpx', 'kml', 'tcx', 'fit'] as const;

export const routeImportCalls = {
  'route/import-link': defineCall({
    auth: true,
    summary: 'Fetch a route from a public route site (the sources ROUTE_IMPORT_SOURCES allows) as GPX',
    body: z.object({ url: z.string().trim().min(8).max(2000) }),
    response: z.object({ gpx: z.string(), name: z.string().nullable(), source: z.string(), attribution: z.string() }),
    errors: ['ROUTE_SOURCE_UNSUPPORTED', 'ROUTE_IMPORT_FAILED', 'GPX_INVALID', 'RATE_LIMITED'],
  }),
  'route/export-gpx': defineCall({
    auth: true,
    summary:
      "An activity's route as a GPX 1.1 track (elevation where known, no times), for whoever may see the activity",
    body: z.object({ activityId: Id }),
    response: z.object({ fileName: z.string(), gpx: z.string() }),
    errors: ['ACTIVITY_NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  }),
};
