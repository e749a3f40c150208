import type { AdminCallName } from './admin.ts';
import type { CallName } from './index.ts';

/**
 * Where each call is sent. Light on purpose (no zod): the web app builds its requests with these and
 * `call-flags.ts`, never loading the schemas at start-up.
 */
export const DEFAULT_PRODUCT = 'cordata';
export const apiPrefix = (product: string = DEFAULT_PRODUCT) => `/api/space/${product}/database`;
/** The admin API (its own registry, see admin.ts): /api/space/{product}/admin/<area>/<call>. */
export const adminPrefix = (product: string = DEFAULT_PRODUCT) => `/api/space/${product}/admin`;
export const adminCallPath = (name: AdminCallName, product?: string) => `${adminPrefix(product)}/${name}`;
export const callPath = (name: CallName, product?: string) => `${apiPrefix(product)}/${name}`;
