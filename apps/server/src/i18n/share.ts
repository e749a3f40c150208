import { catalog } from './catalog.ts';
import de from './locales/de/share.json';
import en from './locales/en/share.json';
import es from './locales/es/share.json';
import fr from './locales/fr/share.json';
import it from './locales/it/share.json';

/** The texts of shared pages' link previews and share cards (web/share-preview.ts, web/share-card.ts). */
export const shareText = catalog({ en, it, de, fr, es });
