import { catalog } from './catalog.ts';
import de from './locales/de/roster.json';
import en from './locales/en/roster.json';
import es from './locales/es/roster.json';
import fr from './locales/fr/roster.json';
import it from './locales/it/roster.json';

/** The words of a group's roster CSV (modules/groups/subgroups.service.ts). */
export const rosterText = catalog({ en, it, de, fr, es });
