import { catalog } from './catalog.ts';
import de from './locales/de/exports.json';
import en from './locales/en/exports.json';
import es from './locales/es/exports.json';
import fr from './locales/fr/exports.json';
import it from './locales/it/exports.json';

/** The texts of the data export's e-mail (modules/exports/exports.service.ts). */
export const exportsText = catalog({ en, it, de, fr, es });
