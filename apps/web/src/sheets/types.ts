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

/** The parameters of every sheet type of spec §2. */
export interface SheetParams {
  account: { step: AccountStep };
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
  'handle-activity': { step: HandleActivityStep; activityId?: string; groupId?: string; purpose?: 'backup' };
  chat: { id: string };
  'legal-info': { type: LegalType; onAccept?: () => void };
  'group-filters': Record<string, never>;
  'home-filters': Record<string, never>;
  /** A link to copy by hand, where it could be neither shared nor copied. */
  'share-link': { url: string };
}

export type SheetType = keyof SheetParams;

export type SheetSpec = { [K in SheetType]: { type: K; params: SheetParams[K] } }[SheetType];

export type OpenSheet = SheetSpec & { key: number; closing: boolean };
