// Every web test starts with both languages' texts at hand, as the tests did when both were in the entry: the app
// fetches only the reader's (i18n/index.ts), which a test would otherwise have to wait for.

import { en } from '../i18n/en.ts';
import i18n from '../i18n/index.ts';
import { it } from '../i18n/it.ts';

i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('it', 'translation', it, true, true);
