import { catalog } from './catalog.ts';
import de from './locales/de/push.json';
import en from './locales/en/push.json';
import es from './locales/es/push.json';
import fr from './locales/fr/push.json';
import it from './locales/it/push.json';

/** The texts of push notifications (modules/notifications/push-messages.ts). */
export const pushText = catalog({ en, it, de, fr, es });
