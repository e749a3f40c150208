import type { StepUpReturn } from '../screens/AuthCallback/sso.ts';

export const accountSteps = ['options', 'settings', 'security', 'notifications', 'terms', 'privacy'] as const;
export type AccountStep = (typeof accountSteps)[number];

export const handleGroupSteps = ['info'] as const;
export type HandleGroupStep = (typeof handleGroupSteps)[number];

/** Spec §2: info, path, gpx, route, difficulty, publish, plus a contacts step while publishing. */
export const handleActivitySteps = [
  'info',
  'path',
  'gpx',
  'route',
  'difficulty',
  'publish',
  'contacts',
  'backup',
] as const;
export type HandleActivityStep = (typeof handleActivitySteps)[number];

export type LegalType = 'terms' | 'privacy';

/** A settings section opened on arrival: back from confirming it is you at a provider, or from Strava's consent page. */
export type SettingsSection = StepUpReturn | 'strava';

/** The parameters of every sheet type of spec §2. */
export interface SheetParams {
  /** `section`: the settings section opened on arrival (back from a provider, or from Strava). */
  account: { step: AccountStep; section?: SettingsSection };
  support: Record<string, never>;
  activity: { id: string };
  group: { id: string };
  notification: Record<string, never>;
  profile: { id: string };
  'invite-contact': {
    contacts: string[];
    onSubmit?: (userIds: string[]) => void;
    step?: string;
    id?: string;
    groupId?: string;
  };
  'handle-group': { step: HandleGroupStep; groupId?: string };
  /** `purpose: 'backup'`: the route screens only, saving the activity's backup route (issue 24). */
  /** `poll`: a new activity on a date poll's date, made through the poll (it invites that date's voters). */
  'handle-activity': {
    step: HandleActivityStep;
    activityId?: string;
    groupId?: string;
    purpose?: 'backup';
    poll?: { pollId: string; slotId: string };
  };
  chat: { id: string };
  'legal-info': { type: LegalType; onAccept?: () => void };
  'group-filters': Record<string, never>;
  'home-filters': Record<string, never>;
  /** A new date poll for a group, or without one for chosen contacts (docs/polls.md). */
  'handle-poll': { groupId?: string };
  /**
   * A text to accept before joining (docs/consent.md); `asked`: a member accepts it now, a changed one or a new one.
   */
  consent: { name: string; text: string; asked?: 'changed' | 'new'; onAccept: () => void };
  /** A link to copy by hand, where it could be neither shared nor copied. */
  'share-link': { url: string };
}

export type SheetType = keyof SheetParams;

export type SheetSpec = { [K in SheetType]: { type: K; params: SheetParams[K] } }[SheetType];

export type OpenSheet = SheetSpec & { key: number; closing: boolean };
