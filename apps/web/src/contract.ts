/**
 * The light half of @cordata/contract: constants, enums (plain arrays) and error codes, through its side-effect-free
 * subpath exports. Warning, load-bearing: the package entry builds every zod schema of the API at
 * import time (~33 KB gzipped). Importing the constants through it would put zod in the entry
 * chunk, so only `src/api/contract-registry.ts` (loaded on the first API call) imports the package
 * entry at run time. Type-only imports from '@cordata/contract' are free and fine anywhere.
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
