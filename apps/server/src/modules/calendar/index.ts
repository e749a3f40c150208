import type { Core } from '../../core.ts';
import type { Access } from '../access/access.ts';
import type { Module } from '../module.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import { createCalendar } from './calendar.ts';

/** Calendar feeds (ICS): the calls that give a person's and a group's feed address, and the signed feeds. */
export function createCalendarModule(core: Core, deps: { access: Access; privacy: Pick<PrivacyTrim, 'zonesFor'> }) {
  const calendar = createCalendar({
    db: core.db,
    access: deps.access,
    keys: core.config.keys.feeds,
    product: core.config.PRODUCT_SLUG,
    publicUrl: core.config.PUBLIC_URL ?? '',
    now: core.now,
    privacy: deps.privacy,
  });
  return { handlers: calendar.handlers, routes: calendar.registerFeeds, services: {} } satisfies Module;
}
