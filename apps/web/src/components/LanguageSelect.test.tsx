import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { it as itRes } from '../i18n/it.ts';
import { LanguageSelect } from './LanguageSelect.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('LanguageSelect', () => {
  it('fetches the other language when it is chosen and shows it, with no step in between', async () => {
    await i18n.changeLanguage('en');
    // The app starts with the reader's language only (i18n/index.ts).
    i18n.removeResourceBundle('it', 'translation');
    render(<LanguageSelect showLabel />);
    expect(screen.getByLabelText('Language')).toBeTruthy();
    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'it' } });
    expect(await screen.findByLabelText('Lingua')).toBeTruthy();
    expect(i18n.language).toBe('it');
    expect(i18n.t('errors.NOT_FOUND')).toBe(itRes.errors.NOT_FOUND);
    expect((screen.getByTestId('language-select') as HTMLSelectElement).value).toBe('it');
  });

  it('offers every language of the app by its own name', () => {
    render(<LanguageSelect />);
    const options = [...screen.getByTestId('language-select').querySelectorAll('option')].map((o) => o.textContent);
    expect(options).toEqual(['English', 'Italiano', 'Deutsch', 'Français', 'Español']);
  });
});
