/**
 * The light half of @cordata/contract: constants, enums (plain arrays) and error codes, through its side-effect-free
 * subpath exports. Warning, load-bearing: the package entry builds every zod schema of the API at import time
 * (~33 KB gzipped). Importing the constants through it would put zod in the entry chunk; the API client sends calls
 * with `@cordata/contract/api-paths` and `call-flags` alone (issue 44). Type-only imports from '@cordata/contract'
 * are free and fine anywhere.
 */
export * from '@cordata/contract/constants';
export * from '@cordata/contract/enums';
export { type ErrorBody, type ErrorCode, errorCatalog, errorCodes } from '@cordata/contract/errors';
export * from '@cordata/contract/grades';
export {
  notificationActionPath,
  notificationPath,
  WEATHER_PUSH_ORDER,
  weatherAlertCategory,
} from '@cordata/contract/paths';
export { queuedEventText } from '@cordata/contract/queued';
export { compareVersions, isNewerVersion, parseVersion, releaseSignedText } from '@cordata/contract/version';
