import {
  type Access,
  type Activity,
  type ActivityInput,
  type Difficulty,
  endsAfterStart,
  isValidName,
  type LatLng,
  type Poll,
  type SeriesRef,
  type SeriesScope,
  type ValidationMessageKey,
  type Visibility,
} from '@cordata/contract';
import { simplifyLine } from '@cordata/geo';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  ACCESS,
  ACTIVITY_MIN_LEAD_MINUTES,
  CLAIM_WINDOW_MAX_MINUTES,
  CLAIM_WINDOW_MIN_MINUTES,
  DIFFICULTIES,
  GRADE_SCALES,
  type GradeScale,
  gradeRank,
  gradeScalesOfSport,
  HAZARDS,
  type Hazard,
  hazardsOfSport,
  JOIN_DEADLINE_MAX_HOURS,
  SEATS_MAX,
  VISIBILITIES,
} from '../../../contract.ts';
import { useAuthStore } from '../../../state/auth.ts';
import { ACTIVITY_DRAFT_KEY, persistStorage } from '../../../state/storage.ts';
import type { GpxPreview } from './gpx-preview.ts';
import { noRepeat, type RepeatDraft, repeatExDates, repeatRule } from './repeat.ts';
import { forgetEngine } from './route-snapping.ts';

/** The route being made: none yet, a GPX file, tapped points, or (editing) the one the activity has. */
export type DraftRoute =
  | { mode: 'NONE' }
  /** `gpxUrl`: the file's presigned upload once it has finished (GpxStep uploads it as soon as it is read). */
  | { mode: 'GPX'; file: Blob; fileName: string; preview: GpxPreview; gpxUrl?: string }
  | { mode: 'POINTS'; points: LatLng[]; line?: LatLng[] }
  | { mode: 'EXISTING'; activity: Activity };

/**
 * A drawn route: the tapped points, and `line`, the legs between them snapped to paths (route/snap-legs) once every
 * leg has its answer; without it (nothing snapped yet) the route is the straight legs between the points.
 */
export type DrawnRoute = Extract<DraftRoute, { mode: 'POINTS' }>;

/** The most points a stored POINTS route takes (its start, routeSteps and destination; routeSteps max 5000). */
export const STORED_LINE_MAX_POINTS = 5000;

const samePoint = (a: LatLng | undefined, b: LatLng | undefined) =>
  !!a && !!b && a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * The line a drawn route stores and measures: the snapped line when it belongs to these points, else the points
 * themselves; simplified (within a metre) if it has more points than the route may hold.
 */
export function drawnLine(route: DrawnRoute): LatLng[] {
  const { points, line } = route;
  const snapped = line && line.length >= 2 && samePoint(line[0], points[0]) && samePoint(line.at(-1), points.at(-1));
  const full = snapped ? line : points;
  if (full.length <= STORED_LINE_MAX_POINTS) return full;
  return simplifyLine([full], { toleranceMetres: 1, maxPoints: STORED_LINE_MAX_POINTS });
}

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
  /** A text people accept before joining (docs/consent.md); empty: none. */
  consentText: string;
  access: Access;
  visibility: Visibility;
  groupId: string | null;
  /** A new group activity: the sub-groups it is only for (issue 40); [] for the whole group. */
  subgroupIds: string[];
  /** A new activity on a date poll's date (docs/polls.md): published through the poll, its day and times fixed. */
  fromPoll: { pollId: string; slotId: string; title: string } | null;
  difficulty: Difficulty | null;
  requiredHours: string;
  requiredMinutes: string;
  /**
   * The minutes the wizard filled into the required time from the moving-time estimate; null when it filled
   * nothing. While the fields still say exactly this, they are the wizard's and follow the estimate; once the
   * person changes or clears them, they are the person's and are never overwritten.
   */
  estimatedRequired: number | null;
  /** Standard grades, one per scale (issue 24); only those of the chosen sport are sent. */
  grades: Partial<Record<GradeScale, string>>;
  hazards: Hazard[];
  route: DraftRoute;
  invitedUserIds: string[];
  /**
   * Places for others (the seats but the organiser's own), join deadline (hours) and claim window (minutes) as typed;
   * empty: none, or the default (docs/seats.md).
   */
  places: string;
  joinDeadlineHours: string;
  claimWindowMinutes: string;
  /** Who's going is shown to everyone who sees the activity (issue 23); false: to its participants only. */
  participantsPublic: boolean;
  /** A new activity: whether and how it repeats (a series, docs/series.md); editing several dates: a new rule. */
  repeat: RepeatDraft;
  /** Editing a date of a series: which dates the edit changes. */
  scope: SeriesScope;
  /** Editing: the activity is a date of a series (the scope is asked). */
  inSeries: boolean;
  /** Editing a date of a series: how the series repeats now, to start "Change how it repeats" from. */
  seriesRule: Pick<SeriesRef, 'rule' | 'startDate' | 'exDates'> | null;
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
  consentText: '',
  access: 'OPEN',
  visibility: 'PUBLIC',
  groupId,
  subgroupIds: [],
  fromPoll: null,
  difficulty: null,
  requiredHours: '',
  requiredMinutes: '',
  estimatedRequired: null,
  grades: {},
  hazards: [],
  route: { mode: 'NONE' },
  invitedUserIds: [],
  places: '',
  joinDeadlineHours: '',
  claimWindowMinutes: '',
  participantsPublic: false,
  repeat: noRepeat(),
  scope: 'THIS',
  inSeries: false,
  seriesRule: null,
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
    consentText: activity.consent?.text ?? '',
    access: activity.access,
    visibility: activity.visibility,
    difficulty: activity.difficulty,
    requiredHours: required ? String(Math.floor(required / 60)) : '',
    requiredMinutes: required ? String(required % 60) : '',
    // An answer from a server older than issue 24 has neither.
    grades: Object.fromEntries((activity.grades ?? []).map((g) => [g.scale, g.grade])),
    hazards: [...(activity.hazards ?? [])],
    route: { mode: 'EXISTING', activity },
    places: activity.seats === null ? '' : String(activity.seats - 1),
    joinDeadlineHours: activity.joinDeadlineHours === null ? '' : String(activity.joinDeadlineHours),
    claimWindowMinutes: activity.claimWindowMinutes === null ? '' : String(activity.claimWindowMinutes),
    participantsPublic: activity.participantsPublic ?? false,
    inSeries: !!activity.series,
    seriesRule: activity.series
      ? { rule: activity.series.rule, startDate: activity.series.startDate, exDates: [...activity.series.exDates] }
      : null,
  };
}

/** A draft that differs from where it started (`initial`): closing it would lose something. */
export function hasChanges(draft: Draft, initial: Draft): boolean {
  return !same(draft, initial);
}

/** Plain data compared by value; anything else (a GPX file, the edited activity) by identity. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => same(a[k], b[k]));
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * A new activity's draft as kept across a reload: only what serialises. A GPX file is not kept (a File does not
 * survive JSON, and a big track would crowd localStorage): its name stays, so the person is asked to choose it again.
 */
export interface SavedDraft {
  draft: Omit<Draft, 'route'> & { route: { mode: 'NONE' } | DrawnRoute };
  /** The name of the GPX file the route came from, to be chosen again; null when the route was not a file. */
  gpxFileName: string | null;
}

/** What is kept of `draft`; `pendingGpx` is the file still to be chosen again from an earlier reload. */
export function toSaved(draft: Draft, pendingGpx: string | null = null): SavedDraft {
  const { route } = draft;
  return {
    draft: {
      ...draft,
      activityId: null,
      originalStart: null,
      invitedUserIds: [...draft.invitedUserIds],
      route:
        route.mode === 'POINTS'
          ? { mode: 'POINTS', points: route.points, ...(route.line ? { line: route.line } : {}) }
          : { mode: 'NONE' },
    },
    gpxFileName: route.mode === 'GPX' ? route.fileName : route.mode === 'NONE' ? pendingGpx : null,
  };
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
const isLatLng = (p: unknown): p is LatLng => isPlain(p) && Number.isFinite(p.latitude) && Number.isFinite(p.longitude);

function readGrades(value: unknown): Draft['grades'] {
  if (!isPlain(value)) return {};
  const grades: Draft['grades'] = {};
  for (const scale of GRADE_SCALES) {
    const grade = value[scale];
    if (typeof grade === 'string' && gradeRank(scale, grade) >= 0) grades[scale] = grade;
  }
  return grades;
}

/** The grades and hazards the sport takes, as the API takes them: what another sport had is left behind. */
export function gradesInput(draft: Pick<Draft, 'sportId' | 'grades' | 'hazards'>) {
  const allowed = hazardsOfSport(draft.sportId);
  return {
    grades: gradeScalesOfSport(draft.sportId)
      .filter((scale) => draft.grades[scale])
      .map((scale) => ({ scale, grade: draft.grades[scale]! })),
    hazards: draft.hazards.filter((h) => allowed.includes(h)),
  };
}

/** A stored draft read back defensively (an older version, or a hand-edited one): null when it is not one. */
export function readSavedDraft(value: unknown): SavedDraft | null {
  if (!isPlain(value) || !isPlain(value.draft)) return null;
  const d = value.draft;
  const base = emptyDraft();
  const route = isPlain(d.route) ? d.route : {};
  const choice = <V extends string, F>(v: unknown, options: readonly V[], fallback: F): V | F =>
    options.includes(v as V) ? (v as V) : fallback;
  return {
    draft: {
      ...base,
      name: text(d.name, ''),
      sportId: text(d.sportId, ''),
      date: text(d.date, ''),
      startTime: text(d.startTime, ''),
      endTime: text(d.endTime, ''),
      description: text(d.description, ''),
      contact: text(d.contact, ''),
      consentText: text(d.consentText, ''),
      access: choice(d.access, ACCESS, base.access),
      visibility: choice(d.visibility, VISIBILITIES, base.visibility),
      groupId: typeof d.groupId === 'string' ? d.groupId : null,
      subgroupIds: Array.isArray(d.subgroupIds) ? d.subgroupIds.filter((id) => typeof id === 'string') : [],
      fromPoll:
        isPlain(d.fromPoll) &&
        typeof d.fromPoll.pollId === 'string' &&
        typeof d.fromPoll.slotId === 'string' &&
        typeof d.fromPoll.title === 'string'
          ? { pollId: d.fromPoll.pollId, slotId: d.fromPoll.slotId, title: d.fromPoll.title }
          : null,
      difficulty: choice(d.difficulty, DIFFICULTIES, null),
      requiredHours: text(d.requiredHours, ''),
      requiredMinutes: text(d.requiredMinutes, ''),
      // A draft kept before the wizard asked for places for others has the seats, the organiser's included.
      places: text(d.places, typeof d.seats === 'string' && d.seats.trim() ? String(Number(d.seats) - 1) : ''),
      joinDeadlineHours: text(d.joinDeadlineHours, ''),
      claimWindowMinutes: text(d.claimWindowMinutes, ''),
      participantsPublic: d.participantsPublic === true,
      estimatedRequired:
        typeof d.estimatedRequired === 'number' && Number.isInteger(d.estimatedRequired) && d.estimatedRequired > 0
          ? d.estimatedRequired
          : null,
      grades: readGrades(d.grades),
      hazards: Array.isArray(d.hazards) ? HAZARDS.filter((h) => (d.hazards as unknown[]).includes(h)) : [],
      route:
        route.mode === 'POINTS' && Array.isArray(route.points) && route.points.every(isLatLng)
          ? {
              mode: 'POINTS',
              points: route.points.map(({ latitude, longitude }) => ({ latitude, longitude })),
              ...(Array.isArray(route.line) && route.line.every(isLatLng)
                ? { line: route.line.map(({ latitude, longitude }) => ({ latitude, longitude })) }
                : {}),
            }
          : { mode: 'NONE' },
      invitedUserIds: Array.isArray(d.invitedUserIds)
        ? d.invitedUserIds.filter((id): id is string => typeof id === 'string')
        : [],
    },
    gpxFileName: typeof value.gpxFileName === 'string' ? value.gpxFileName : null,
  };
}

interface DraftState {
  draft: Draft;
  /** Where the draft started (empty, or the activity being edited): what "unsaved changes" are measured from. */
  initial: Draft;
  /** The wizard sheet the draft belongs to: a new sheet starts a new draft. */
  owner: number | null;
  /** The new activity's draft kept across reloads (persisted); null when there is nothing to keep. */
  saved: SavedDraft | null;
  /** Set when this wizard continued a saved draft: the banner, and the GPX file to choose again. */
  restored: { gpxFileName: string | null } | null;
  /** Starts a draft for `owner` (editing: the activity's), with nothing restored. */
  start: (owner: number, draft: Draft) => void;
  /** Starts a new activity's draft for `owner`: the saved one if there is one (the opening's group wins), else empty. */
  startNew: (owner: number, groupId: string | null) => void;
  update: (patch: Partial<Draft>) => void;
  /** Forgets the saved draft (published, discarded, logged out); the wizard's own draft is left to close with it. */
  discard: () => void;
  /** "Start over" on a continued draft: forgotten, and the wizard back to an empty one. */
  startOver: () => void;
}

/** The draft store; a function so that tests can make a second one from the same storage, as a reload does. */
export const createDraftStore = () =>
  create<DraftState>()(
    persist(
      (set) => ({
        draft: emptyDraft(),
        initial: emptyDraft(),
        owner: null,
        saved: null,
        restored: null,
        start: (owner, draft) => set({ owner, draft, initial: draft, restored: null }),
        startNew: (owner, groupId) =>
          set(({ saved }) => {
            const initial = emptyDraft(groupId);
            if (!saved) return { owner, initial, draft: initial, restored: null };
            const draft: Draft = { ...saved.draft, groupId: groupId ?? saved.draft.groupId };
            return { owner, initial, draft, restored: { gpxFileName: saved.gpxFileName } };
          }),
        update: (patch) =>
          set(({ draft, initial, restored }) => {
            const next = { ...draft, ...patch };
            // Only a new activity is kept: an edit lives as long as its wizard.
            if (next.activityId !== null) return { draft: next };
            const pending = restored?.gpxFileName ?? null;
            return { draft: next, saved: hasChanges(next, initial) ? toSaved(next, pending) : null };
          }),
        discard: () => set({ saved: null, restored: null }),
        startOver: () => set(({ initial }) => ({ saved: null, restored: null, draft: initial })),
      }),
      {
        name: ACTIVITY_DRAFT_KEY,
        storage: persistStorage,
        version: 1,
        // Nothing but the saved draft, which holds no File: see SavedDraft.
        partialize: ({ saved }) => ({ saved }),
        merge: (stored, current) => ({
          ...current,
          saved: readSavedDraft((stored as { saved?: unknown } | undefined)?.saved),
        }),
      },
    ),
  );

export const useDraftStore = createDraftStore();

// Logging out forgets the kept draft (state/auth.ts removes it from storage; this clears the loaded store).
useAuthStore.subscribe((now, before) => {
  if (before.jwt !== null && now.jwt === null) {
    useDraftStore.getState().discard();
    forgetEngine();
  }
});

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

/**
 * What the estimate changes in the required time: fills it when the person has set nothing, follows a new estimate
 * while the fields still hold the wizard's own earlier figure, and otherwise leaves the person's value alone
 * (null: nothing to change).
 */
export function prefillRequiredTime(
  draft: Pick<Draft, 'requiredHours' | 'requiredMinutes' | 'estimatedRequired'>,
  estimateMinutes: number,
): Pick<Draft, 'requiredHours' | 'requiredMinutes' | 'estimatedRequired'> | null {
  const blank = draft.requiredHours.trim() === '' && draft.requiredMinutes.trim() === '';
  const untouched = blank && draft.estimatedRequired === null;
  const stillOurs = draft.estimatedRequired !== null && requiredMinutes(draft) === draft.estimatedRequired;
  if (!untouched && !(stillOurs && estimateMinutes !== draft.estimatedRequired)) return null;
  return {
    requiredHours: String(Math.floor(estimateMinutes / 60)),
    requiredMinutes: String(estimateMinutes % 60),
    estimatedRequired: estimateMinutes,
  };
}

/** The required time holds the wizard's estimate, not a value the person chose. */
export const requiredFromEstimate = (draft: Pick<Draft, 'requiredHours' | 'requiredMinutes' | 'estimatedRequired'>) =>
  draft.estimatedRequired !== null && requiredMinutes(draft) === draft.estimatedRequired;

/** The route as the API takes it; undefined keeps the activity's current one (editing). */
export async function routeInput(route: DraftRoute): Promise<ActivityInput['route'] | undefined> {
  switch (route.mode) {
    case 'GPX':
      // The uploaded file by its address (up to 20 MB); the text itself only for a file that was never uploaded.
      return route.gpxUrl ? { mode: 'GPX', gpxUrl: route.gpxUrl } : { mode: 'GPX', gpx: await route.file.text() };
    case 'POINTS': {
      // The snapped line is what is stored and measured (docs/maps.md); its ends are the tapped A and B.
      const line = drawnLine(route);
      const start = line[0]!;
      const destination = line[line.length - 1]!;
      return {
        mode: 'POINTS',
        start,
        destination,
        routeSteps: line.slice(1, -1),
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
    consentText: draft.consentText.trim() || null,
    access: draft.access,
    visibility: draft.visibility,
    groupId: draft.groupId ?? undefined,
    subgroupIds: draft.groupId && draft.subgroupIds.length > 0 ? draft.subgroupIds : undefined,
    difficulty: draft.difficulty ?? 'EASY',
    requiredTime: requiredMinutes(draft),
    ...gradesInput(draft),
    route: await routeInput(draft.route),
    invitedUserIds: draft.invitedUserIds.length > 0 ? draft.invitedUserIds : undefined,
    seats: seatsFor(whole(draft.places)),
    joinDeadlineHours: whole(draft.joinDeadlineHours),
    claimWindowMinutes: whole(draft.claimWindowMinutes),
    participantsPublic: draft.participantsPublic,
    ...seriesFields(draft),
  };
}

/** A new activity's repeat rule, or an edit's scope on a date of a series (and a new rule for several dates). */
function seriesFields(draft: Draft): { repeat?: { rule: string; exDates?: string[] }; scope?: SeriesScope } {
  const rule = repeatRule(draft.repeat, draft.date);
  // An edited series keeps its exceptions that are still days of the rule (the server refuses others).
  const exDates = rule ? repeatExDates(draft.repeat, draft.date, rule) : [];
  const repeat = rule ? { repeat: exDates.length ? { rule, exDates } : { rule } } : {};
  // Editing several dates of a series may give them a new rule (a split, docs/series.md).
  if (draft.activityId) return draft.scope === 'THIS' ? {} : { scope: draft.scope, ...repeat };
  return repeat;
}

/** A typed whole number, or null when the field is empty. */
const whole = (value: string): number | null => (value.trim() === '' ? null : Math.round(Number(value)));

/**
 * The activity's seats for the places an organiser offers to others: theirs is one more (the API counts every
 * person taking part, docs/seats.md). Asking for places for others, as Meetup and Spond do, means a first
 * activity cannot go out full by mistake.
 */
const seatsFor = (places: number | null) => (places === null ? null : places + 1);

export type SeatsField = 'places' | 'joinDeadlineHours' | 'claimWindowMinutes';
const SEAT_LIMITS: Record<SeatsField, [number, number]> = {
  places: [1, SEATS_MAX - 1],
  joinDeadlineHours: [1, JOIN_DEADLINE_MAX_HOURS],
  claimWindowMinutes: [CLAIM_WINDOW_MIN_MINUTES, CLAIM_WINDOW_MAX_MINUTES],
};

/** The seats fields that are typed but out of their range (an empty one is fine: no limit, or the default). */
export function seatsErrors(draft: Pick<Draft, SeatsField>): SeatsField[] {
  return (Object.keys(SEAT_LIMITS) as SeatsField[]).filter((field) => {
    const value = whole(draft[field]);
    if (value === null) return false;
    const [min, max] = SEAT_LIMITS[field];
    return !Number.isInteger(value) || value < min || value > max;
  });
}

/** A new activity on one of a date poll's dates, for the poll's group and sub-group (docs/polls.md). */
export function draftFromPoll(poll: Poll, slotId: string): Draft {
  const slot = poll.slots.find((s) => s.slotId === slotId);
  return {
    ...emptyDraft(poll.group?.groupId ?? null),
    date: slot?.date ?? '',
    startTime: slot?.startTime ?? '',
    endTime: slot?.endTime ?? '',
    subgroupIds: poll.subgroup ? [poll.subgroup.subgroupId] : [],
    fromPoll: { pollId: poll.pollId, slotId, title: poll.title },
  };
}
