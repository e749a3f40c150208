import type { TFunction } from 'i18next';
import { ACTIVITY_WIZARD_STEPS } from '../contract.ts';

/**
 * Where each screen of the activity wizard stands among its ACTIVITY_WIZARD_STEPS steps (spec §4:
 * info 1, route 2, difficulty 3, publish 4; the route's modes and the invitations share a number).
 */
const STEP_NUMBER = {
  info: 1,
  path: 2,
  gpx: 2,
  route: 2,
  difficulty: 3,
  publish: ACTIVITY_WIZARD_STEPS,
  contacts: ACTIVITY_WIZARD_STEPS,
} as const;

export type ActivityWizardScreen = keyof typeof STEP_NUMBER;

/** "Details · 1/4": the screen's name and its place, the count coming from the constant, not the text. */
export const activityWizardTitle = (t: TFunction, screen: ActivityWizardScreen) =>
  t('sheets.wizardStep', {
    name: t(`sheets.handleActivity.${screen}`),
    step: STEP_NUMBER[screen],
    total: ACTIVITY_WIZARD_STEPS,
  });
