import i18n from 'i18next';
import { en } from './i18n/en.ts';
import { it } from './i18n/it.ts';

/** The admin area's strings: loaded with its chunk, under their own namespace. */
export const ADMIN_NS = 'adminArea';
i18n.addResourceBundle('en', ADMIN_NS, en, true, true);
i18n.addResourceBundle('it', ADMIN_NS, it, true, true);
