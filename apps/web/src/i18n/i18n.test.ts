import { errorCodes, validationMessages } from '@cordata/contract';
import { describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { en } from './en.ts';
import { initialLanguage } from './index.ts';
import { it as itRes } from './it.ts';
import { textLeaves } from './text-leaves.ts';

const leaves = (obj: unknown): string[] => textLeaves(obj).map(([path]) => path);

describe('i18n', () => {
  it('has every English key in Italian', () => {
    expect(leaves(itRes).sort()).toEqual(leaves(en).sort());
  });

  it('translates every error code and validation message', () => {
    for (const code of errorCodes) {
      expect(en.errors[code]).toBeTruthy();
      expect(itRes.errors[code]).toBeTruthy();
    }
    for (const key of Object.keys(validationMessages) as (keyof typeof validationMessages)[]) {
      expect(en.validation[key]).toBe(validationMessages[key]);
      expect(itRes.validation[key]).toBeTruthy();
    }
  });

  it('picks the stored language, else the device one, else English', () => {
    expect(initialLanguage('it', ['en-US'])).toBe('it');
    expect(initialLanguage(null, ['it-IT', 'en'])).toBe('it');
    expect(initialLanguage(null, ['de-AT', 'en-GB'])).toBe('de');
    expect(initialLanguage(null, ['fr-CH'])).toBe('fr');
    expect(initialLanguage(null, ['pt-PT', 'es-ES'])).toBe('es');
    expect(initialLanguage(null, ['ja-JP'])).toBe('en');
  });
});

describe('one language at a time', () => {
  it('fetches a language when it is chosen, then switches to it', async () => {
    const { default: i18n, switchLanguage } = await import('./index.ts');
    await i18n.changeLanguage('en');
    i18n.removeResourceBundle('it', 'translation');
    expect(i18n.hasResourceBundle('it', 'translation')).toBe(false);
    await switchLanguage('it');
    expect(i18n.language).toBe('it');
    expect(i18n.t('errors.NOT_FOUND')).toBe(itRes.errors.NOT_FOUND);
    expect(document.documentElement.lang).toBe('it');
    await i18n.changeLanguage('en');
  });

  it('fetches the texts of a language changed to directly, and draws again with them', async () => {
    const { default: i18n } = await import('./index.ts');
    i18n.removeResourceBundle('it', 'translation');
    const changes: string[] = [];
    const onChange = (lng: string) => changes.push(`${lng}:${i18n.hasResourceBundle(lng, 'translation')}`);
    i18n.on('languageChanged', onChange);
    await i18n.changeLanguage('it');
    await eventually(() => expect(changes).toContain('it:true'));
    i18n.off('languageChanged', onChange);
    expect(i18n.t('errors.NOT_FOUND')).toBe(itRes.errors.NOT_FOUND);
    await i18n.changeLanguage('en');
  });
});
