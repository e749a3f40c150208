import { describe, expect, it } from 'vitest';
import { ACTIVITY_WIZARD_STEPS } from '../contract.ts';
import i18n from '../i18n/index.ts';
import { activityWizardTitle } from './wizardTitle.ts';

describe('the activity wizard titles (spec §4: 4 steps)', () => {
  it.each([
    ['en', ['Details · 1/4', 'Route · 2/4', 'GPX track · 2/4', 'Difficulty · 3/4', 'Publish · 4/4']],
    ['it', ['Dettagli · 1/4', 'Percorso · 2/4', 'Traccia GPX · 2/4', 'Difficoltà · 3/4', 'Pubblica · 4/4']],
  ])('count from ACTIVITY_WIZARD_STEPS (%s)', async (language, titles) => {
    await i18n.changeLanguage(language);
    const screens = ['info', 'path', 'gpx', 'difficulty', 'publish'] as const;
    expect(screens.map((screen) => activityWizardTitle(i18n.t, screen))).toEqual(titles);
    expect(ACTIVITY_WIZARD_STEPS).toBe(4);
  });

  it('keeps no step count in the translations', async () => {
    for (const language of ['en', 'it']) {
      const names = i18n.getResource(language, 'translation', 'sheets.handleActivity') as Record<string, string>;
      for (const name of Object.values(names)) expect(name).not.toMatch(/\d\/\d/);
    }
  });
});
