// The only run-time import of the contract's package entry (and so of zod): see src/contract.ts.
export { adminCallPath, adminCalls, callHasBody, callPath, calls, PACK_CALLS } from '@cordata/contract';
