/**
 * The calls whose answers an outing pack holds, each exactly as the server would answer it to that person then (with
 * its privacy: zones, approximate meeting points, blocks). The app answers these calls from the pack when there is
 * no network, so the activity page opens as it is.
 */
export const PACK_CALLS = [
  'activity/read-info',
  'activity/list-participants',
  'activity/safety',
  'activity/weather',
  'attendance/read-pass',
  'gear/list',
  'chat/list-messages',
] as const;
export type PackCall = (typeof PACK_CALLS)[number];
