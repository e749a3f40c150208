import { catalog } from './catalog.ts';
import de from './locales/de/safety.json';
import en from './locales/en/safety.json';
import es from './locales/es/safety.json';
import fr from './locales/fr/safety.json';
import it from './locales/it/safety.json';

/** The texts of the emergency contacts' e-mails and of the no-login page (modules/safety/safety-texts.ts). */
export const safetyText = catalog({ en, it, de, fr, es });
