import { catalog } from './catalog.ts';
import de from './locales/de/mail.json';
import en from './locales/en/mail.json';
import es from './locales/es/mail.json';
import fr from './locales/fr/mail.json';
import it from './locales/it/mail.json';

/** The texts of the e-mails of accounts: codes and alerts (modules/mail/templates.ts). */
export const mailText = catalog({ en, it, de, fr, es });
