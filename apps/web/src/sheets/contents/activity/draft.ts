import {
  type Access,
  type Activity,
  type ActivityInput,
  type Difficulty,
  endsAfterStart,
  isValidName,
  type LatLng,
  type ValidationMessageKey,
  type Visibility,
} from '@cordata/contract';
import { create } from 'zustand';
import { ACTIVITY_MIN_LEAD_MINUTES } from '../../../contract.ts';
import type { GpxPreview } from './gpx-preview.ts';

/** The route being made: none yet, a GPX file, tapped points, or (editing) the one the activity has. */
export type DraftRoute =
  | { mode: 'NONE' }
  | { mode: 'GPX'; file: Blob; fileName: string; preview: GpxPreview }
  | { mode: 'POINTS'; points: LatLng[] }
  | { mode: 'EXISTING'; activity: Activity };

export interface Draft {
  /** Set when editing. */
  activityId: string | null;
  /** The start of the activity being edited, as "YYYY-MM-DDTHH:mm": the 30-minute rule applies only to a new start. */
  originalStart: string | null;
  name: string;
  sportId: string;
  date: string;
  startTime: string;
  endTime: string;
  description: string;
  contact: string;
  access: Access;
  visibility: Visibility;
  groupId: string | null;
  difficulty: Difficulty | null;
  requiredHours: string;
  requiredMinutes: string;
  route: DraftRoute;
  invitedUserIds: string[];
}

export const emptyDraft = (groupId: string | null = null): Draft => ({
  activityId: null,
  originalStart: null,
  name: '',
  sportId: '',
  date: '',
  startTime: '',
  endTime: '',
  description: '',
  contact: '',
  access: 'OPEN',
  visibility: 'PUBLIC',
  groupId,
  difficulty: null,
  requiredHours: '',
  requiredMinutes: '',
  route: { mode: 'NONE' },
  invitedUserIds: [],
});

/** A draft that edits `activity`: every field pre-filled, the route kept unless replaced. */
export function draftFromActivity(activity: Activity): Draft {
  const required = activity.requiredTime ?? 0;
  return {
    ...emptyDraft(activity.group?.groupId ?? null),
    activityId: activity.activityId,
    originalStart: `${activity.date}T${activity.startTime}`,
    name: activity.name,
    sportId: activity.sportId,
    date: activity.date,
    startTime: activity.startTime,
    endTime: activity.endTime,
    description: activity.description ?? '',
    contact: activity.contact ?? '',
    access: activity.access,
    visibility: activity.visibility,
    difficulty: activity.difficulty,
    requiredHours: required ? String(Math.floor(required / 60)) : '',
    requiredMinutes: required ? String(required % 60) : '',
    route: { mode: 'EXISTING', activity },
  };
}

interface DraftState {
  draft: Draft;
  /** The wizard sheet the draft belongs to: a new sheet starts a new draft. */
  owner: number | null;
  start: (owner: number, draft: Draft) => void;
  update: (patch: Partial<Draft>) => void;
}

export const useDraftStore = create<DraftState>()((set) => ({
  draft: emptyDraft(),
  owner: null,
  start: (owner, draft) => set({ owner, draft }),
  update: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),
}));

export type InfoField = 'name' | 'sportId' | 'date' | 'startTime' | 'endTime';
export type InfoErrors = Partial<Record<InfoField, ValidationMessageKey>>;

/** Spec §5 on the first step: required fields, the name rule, end after start, at least 30 minutes ahead. */
export function validateInfo(draft: Draft, now: Date = new Date()): InfoErrors {
  const errors: InfoErrors = {};
  if (draft.name.trim() === '') errors.name = 'required';
  else if (!isValidName(draft.name)) errors.name = 'nameInvalid';
  if (draft.sportId === '') errors.sportId = 'required';
  if (draft.date === '') errors.date = 'required';
  if (draft.startTime === '') errors.startTime = 'required';
  if (draft.endTime === '') errors.endTime = 'required';
  if (draft.startTime && draft.endTime && !endsAfterStart(draft)) errors.endTime = 'endAfterStart';
  if (draft.date && draft.startTime && !errors.date && !errors.startTime) {
    const start = `${draft.date}T${draft.startTime}`;
    const earliest = now.getTime() + ACTIVITY_MIN_LEAD_MINUTES * 60_000;
    // Device time: the activity is planned where the phone is.
    if (start !== draft.originalStart && new Date(start).getTime() < earliest) errors.startTime = 'activityTooSoon';
  }
  return errors;
}

export const hasRoute = (route: DraftRoute) =>
  route.mode === 'GPX' || route.mode === 'EXISTING' || (route.mode === 'POINTS' && route.points.length >= 2);

export function requiredMinutes(draft: Pick<Draft, 'requiredHours' | 'requiredMinutes'>): number | undefined {
  const total = (Number(draft.requiredHours) || 0) * 60 + (Number(draft.requiredMinutes) || 0);
  return total > 0 ? Math.round(total) : undefined;
}

/** The route as the API takes it; undefined keeps the activity's current one (editing). */
export async function routeInput(route: DraftRoute): Promise<ActivityInput['route'] | undefined> {
  switch (route.mode) {
    case 'GPX':
      return { mode: 'GPX', gpx: await route.file.text() };
    case 'POINTS': {
      const start = route.points[0]!;
      const destination = route.points[route.points.length - 1]!;
      return {
        mode: 'POINTS',
        start,
        destination,
        routeSteps: route.points.slice(1, -1),
        waypoints: [
          { type: 'START', ...start },
          { type: 'FINISH', ...destination },
        ],
      };
    }
    default:
      return undefined;
  }
}

/** The body of create-new (and, with the id, of update-existing), from a validated draft. */
export async function activityBody(
  draft: Draft,
  timeZone: string,
): Promise<Omit<ActivityInput, 'route'> & { route: ActivityInput['route'] | undefined }> {
  return {
    name: draft.name.trim(),
    sportId: draft.sportId,
    date: draft.date,
    startTime: draft.startTime,
    endTime: draft.endTime,
    timeZone,
    description: draft.description.trim() || undefined,
    contact: draft.contact.trim() || undefined,
    access: draft.access,
    visibility: draft.visibility,
    groupId: draft.groupId ?? undefined,
    difficulty: draft.difficulty ?? 'EASY',
    requiredTime: requiredMinutes(draft),
    route: await routeInput(draft.route),
    invitedUserIds: draft.invitedUserIds.length > 0 ? draft.invitedUserIds : undefined,
  };
}
