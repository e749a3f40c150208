import { errorCodes, validationMessages } from '@cordata/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { initialLanguage } from './index.ts';
import { it as itRes } from './it.ts';

const leaves = (obj: unknown, prefix = ''): string[] =>
  typeof obj === 'object' && obj !== null
    ? Object.entries(obj).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

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
    expect(initialLanguage(null, ['de-DE', 'en-GB'])).toBe('en');
    expect(initialLanguage(null, ['fr-FR'])).toBe('en');
  });
});
