import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../state/auth.ts';
import { ACTIVITY_DRAFT_KEY } from '../../../state/storage.ts';
import {
  activityBody,
  createDraftStore,
  type Draft,
  draftFromActivity,
  drawnLine,
  emptyDraft,
  gradesInput,
  hasChanges,
  prefillRequiredTime,
  readSavedDraft,
  requiredFromEstimate,
  routeInput,
  STORED_LINE_MAX_POINTS,
  toSaved,
  useDraftStore,
  validateInfo,
} from './draft.ts';
import { repeatFromSeries } from './repeat.ts';

const now = new Date(2026, 5, 1, 10, 0);
const valid: Draft = {
  ...emptyDraft(),
  name: 'Grigna loop',
  sportId: 'hiking',
  date: '2026-06-01',
  startTime: '11:00',
  endTime: '15:30',
};

describe('validateInfo', () => {
  it('accepts a complete first step', () => {
    expect(validateInfo(valid, now)).toEqual({});
  });

  it('asks for every required field', () => {
    expect(validateInfo(emptyDraft(), now)).toEqual({
      name: 'required',
      sportId: 'required',
      date: 'required',
      startTime: 'required',
      endTime: 'required',
    });
  });

  it('applies the name rule', () => {
    expect(validateInfo({ ...valid, name: 'A' }, now).name).toBe('nameInvalid');
    expect(validateInfo({ ...valid, name: 'Run & fun' }, now).name).toBe('nameInvalid');
    expect(validateInfo({ ...valid, name: 'x'.repeat(21) }, now).name).toBe('nameInvalid');
  });

  it('wants the end after the start', () => {
    expect(validateInfo({ ...valid, endTime: '11:00' }, now).endTime).toBe('endAfterStart');
    expect(validateInfo({ ...valid, endTime: '09:00' }, now).endTime).toBe('endAfterStart');
  });

  it('wants the start at least 30 minutes ahead, on both sides of the limit', () => {
    expect(validateInfo({ ...valid, startTime: '10:29', endTime: '12:00' }, now).startTime).toBe('activityTooSoon');
    expect(validateInfo({ ...valid, startTime: '10:30', endTime: '12:00' }, now).startTime).toBeUndefined();
  });

  it('lets an edit keep a start that is already close', () => {
    const editing = { ...valid, startTime: '10:15', endTime: '12:00', originalStart: '2026-06-01T10:15' };
    expect(validateInfo(editing, now)).toEqual({});
    expect(validateInfo({ ...editing, startTime: '10:20' }, now).startTime).toBe('activityTooSoon');
  });
});

describe('the body sent to the API', () => {
  it('sends drawn points as start, steps and destination with start and finish waypoints', async () => {
    const points = [
      { latitude: 45.9, longitude: 9.3 },
      { latitude: 45.91, longitude: 9.31 },
      { latitude: 45.92, longitude: 9.32 },
    ];
    expect(await routeInput({ mode: 'POINTS', points })).toEqual({
      mode: 'POINTS',
      start: points[0],
      destination: points[2],
      routeSteps: [points[1]],
      waypoints: [
        { type: 'START', ...points[0] },
        { type: 'FINISH', ...points[2] },
      ],
    });
  });

  it('sends the snapped line (what is measured and stored) between the tapped start and destination', async () => {
    const points = [
      { latitude: 45.9, longitude: 9.3 },
      { latitude: 45.92, longitude: 9.32 },
    ];
    const line = [points[0]!, { latitude: 45.9, longitude: 9.32 }, { latitude: 45.91, longitude: 9.32 }, points[1]!];
    expect(await routeInput({ mode: 'POINTS', points, line })).toMatchObject({
      start: points[0],
      destination: points[1],
      routeSteps: line.slice(1, -1),
    });
    // A line that does not end at the points (left from other points) is not sent: the straight legs are.
    const stale = [points[0]!, { latitude: 45.95, longitude: 9.35 }];
    expect(await routeInput({ mode: 'POINTS', points, line: stale })).toMatchObject({ routeSteps: [] });
  });

  it('simplifies a snapped line longer than a route holds (5000 points) and keeps its ends', async () => {
    const line = Array.from({ length: 12_000 }, (_, i) => ({
      latitude: 45 + i / 10_000,
      longitude: 9 + Math.sin(i / 7) / 1000,
    }));
    const points = [line[0]!, line.at(-1)!];
    const sent = await routeInput({ mode: 'POINTS', points, line });
    expect(sent?.mode === 'POINTS' && sent.routeSteps.length).toBeLessThanOrEqual(STORED_LINE_MAX_POINTS - 2);
    expect(sent).toMatchObject({ start: points[0], destination: points[1] });
    expect(drawnLine({ mode: 'POINTS', points, line })).toHaveLength(STORED_LINE_MAX_POINTS);
  });

  it('reads the GPX file only when sending, and trims the text fields', async () => {
    const body = await activityBody(
      {
        ...valid,
        name: '  Grigna loop ',
        description: '  ',
        difficulty: 'HARD',
        requiredHours: '2',
        requiredMinutes: '5',
        route: { mode: 'GPX', file: new Blob(['<gpx/>']), fileName: 'a.gpx', preview: {} as never },
      },
      'Europe/Rome',
    );
    expect(body).toMatchObject({
      name: 'Grigna loop',
      description: undefined,
      difficulty: 'HARD',
      requiredTime: 125,
      timeZone: 'Europe/Rome',
      route: { mode: 'GPX', gpx: '<gpx/>' },
      invitedUserIds: undefined,
    });
  });

  it('sends only the grades and hazards of the chosen sport (issue 24)', async () => {
    const draft = {
      ...valid,
      grades: { SAC: 'T3', STS: 'S2' },
      hazards: ['EXPOSURE', 'UNPAVED', 'STAIRS'] as Draft['hazards'],
    };
    expect(gradesInput(draft)).toEqual({ grades: [{ scale: 'SAC', grade: 'T3' }], hazards: ['EXPOSURE'] });
    expect(gradesInput({ ...draft, sportId: 'mountain-biking' })).toEqual({
      grades: [{ scale: 'STS', grade: 'S2' }],
      hazards: ['EXPOSURE', 'STAIRS'],
    });
    expect(await activityBody(draft, 'Europe/Rome')).toMatchObject({ grades: [{ scale: 'SAC', grade: 'T3' }] });
    // An edit starts from the activity's grades; a kept draft reads back only real grades.
    const edited = draftFromActivity({
      ...valid,
      activityId: 'a',
      group: null,
      description: null,
      contact: null,
      requiredTime: null,
      grades: [{ scale: 'SAC', grade: 'T4' }],
      hazards: ['FERRY'],
    } as never);
    expect(edited).toMatchObject({ grades: { SAC: 'T4' }, hazards: ['FERRY'] });
    const read = readSavedDraft({ draft: { grades: { SAC: 'T9', STS: 'S1', X: 'y' }, hazards: ['FERRY', 'LAVA'] } });
    expect(read?.draft).toMatchObject({ grades: { STS: 'S1' }, hazards: ['FERRY'] });
  });

  it('sends an edit of several dates of a series with its scope, and a new rule only when one is chosen', async () => {
    const edit: Draft = { ...valid, activityId: GROUP, inSeries: true, route: { mode: 'NONE' } };
    const weekly = { ...edit.repeat, freq: 'WEEKLY' as const, weekdays: ['WE' as const] };
    expect(await activityBody({ ...edit, scope: 'THIS', repeat: weekly }, 'Europe/Rome')).not.toHaveProperty('repeat');
    const following = await activityBody({ ...edit, scope: 'FOLLOWING' }, 'Europe/Rome');
    expect(following).toMatchObject({ scope: 'FOLLOWING' });
    expect(following).not.toHaveProperty('repeat');
    expect(await activityBody({ ...edit, scope: 'ALL', repeat: weekly }, 'Europe/Rome')).toMatchObject({
      scope: 'ALL',
      repeat: { rule: 'FREQ=WEEKLY;BYDAY=WE' },
    });
  });

  it("starts a new rule from the series' current one, exceptions included, dropping those the new rule lacks", async () => {
    // 2026-12-15 is a Tuesday of the rule: every other Tuesday and Thursday, 10 dates from 2026-12-01, 2026-12-17 left out.
    const edit: Draft = {
      ...valid,
      activityId: GROUP,
      inSeries: true,
      date: '2026-12-15',
      route: { mode: 'NONE' },
      seriesRule: {
        rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10',
        startDate: '2026-12-01',
        exDates: ['2026-12-03', '2026-12-17'],
      },
    };
    const repeat = repeatFromSeries(edit.seriesRule!, edit.date);
    expect(await activityBody({ ...edit, scope: 'FOLLOWING', repeat }, 'Europe/Rome')).toMatchObject({
      scope: 'FOLLOWING',
      repeat: { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=8', exDates: ['2026-12-17'] },
    });
    // Thursdays dropped: the Thursday left out is no day of the new rule, so it is not sent.
    const tuesdays = { ...repeat, weekdays: ['TU' as const] };
    const body = await activityBody({ ...edit, scope: 'FOLLOWING', repeat: tuesdays }, 'Europe/Rome');
    expect(body).toMatchObject({ repeat: { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=8' } });
    expect(body.repeat).not.toHaveProperty('exDates');
  });

  it('leaves the route out when an edit keeps it', async () => {
    expect(await routeInput({ mode: 'NONE' })).toBeUndefined();
    expect(await routeInput({ mode: 'EXISTING', activity: {} as never })).toBeUndefined();
  });
});

const GROUP = '01900000-0000-7000-8000-00000000000b';
const gpxRoute = () =>
  ({
    mode: 'GPX',
    file: new File(['<gpx><trk><trkseg><trkpt lat="45.9" lon="9.3"/></trkseg></trk></gpx>'], 'grigna.gpx'),
    fileName: 'grigna.gpx',
    preview: { pointCount: 1, line: [{ latitude: 45.9, longitude: 9.3 }] } as never,
  }) as const;

describe('unsaved changes', () => {
  it('counts only a real difference from where the draft started', () => {
    const start = emptyDraft(GROUP);
    expect(hasChanges({ ...start }, start)).toBe(false);
    expect(hasChanges({ ...start, name: 'G' }, start)).toBe(true);
    expect(hasChanges({ ...start, groupId: null }, start)).toBe(true);
    expect(hasChanges({ ...start, route: { mode: 'POINTS', points: [{ latitude: 1, longitude: 2 }] } }, start)).toBe(
      true,
    );
    const route = gpxRoute();
    expect(hasChanges({ ...start, route }, { ...start, route })).toBe(false);
    // Typed, then deleted again: nothing to lose.
    expect(hasChanges({ ...start, name: '' }, start)).toBe(false);
  });

  it('compares an edit with the activity it started from', () => {
    const activity = { activityId: 'a1', date: '2026-06-01', startTime: '09:00', name: 'Grigna', access: 'OPEN' };
    const initial = draftFromActivity(activity as never);
    expect(hasChanges({ ...initial, route: { ...initial.route } }, initial)).toBe(false);
    expect(hasChanges({ ...initial, name: 'Grigna loop' }, initial)).toBe(true);
  });
});

describe('the kept draft of a new activity', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ jwt: 'token', completed: true });
  });

  it('survives a reload: a new store made from storage continues it, the opening’s group winning', () => {
    const before = createDraftStore();
    before.getState().startNew(1, null);
    before.getState().update({ name: 'Grigna loop', sportId: 'hiking', difficulty: 'HARD', invitedUserIds: ['u1'] });
    before.getState().update({ route: { mode: 'POINTS', points: [{ latitude: 45.9, longitude: 9.3 }] } });

    const after = createDraftStore();
    expect(after.getState().saved?.draft.name).toBe('Grigna loop');
    after.getState().startNew(7, null);
    const { draft, owner, restored, initial } = after.getState();
    expect(owner).toBe(7);
    expect(draft).toMatchObject({
      name: 'Grigna loop',
      sportId: 'hiking',
      difficulty: 'HARD',
      invitedUserIds: ['u1'],
      route: { mode: 'POINTS', points: [{ latitude: 45.9, longitude: 9.3 }] },
      activityId: null,
    });
    expect(restored).toEqual({ gpxFileName: null });
    // Continued work is still work to lose.
    expect(hasChanges(draft, initial)).toBe(true);

    const inGroup = createDraftStore();
    inGroup.getState().startNew(8, GROUP);
    expect(inGroup.getState().draft).toMatchObject({ name: 'Grigna loop', groupId: GROUP });
  });

  it('never stores a GPX file: the other fields stay and the file is asked for again', () => {
    const before = createDraftStore();
    before.getState().startNew(1, null);
    before.getState().update({ name: 'Grigna loop', route: gpxRoute() });
    const raw = localStorage.getItem(ACTIVITY_DRAFT_KEY)!;
    expect(raw).toContain('Grigna loop');
    expect(raw).not.toContain('trkpt');
    expect(raw).not.toContain('"GPX"');
    expect(JSON.parse(raw).state.saved.gpxFileName).toBe('grigna.gpx');

    const after = createDraftStore();
    after.getState().startNew(2, null);
    expect(after.getState().draft.name).toBe('Grigna loop');
    expect(after.getState().draft.route).toEqual({ mode: 'NONE' });
    expect(after.getState().restored).toEqual({ gpxFileName: 'grigna.gpx' });
    // Still to choose after another change and another reload.
    after.getState().update({ description: 'Via Cermenati' });
    const again = createDraftStore();
    expect(again.getState().saved?.gpxFileName).toBe('grigna.gpx');
  });

  it('keeps nothing for an untouched wizard, nor for an edit', () => {
    const store = createDraftStore();
    store.getState().startNew(1, GROUP);
    store.getState().update({ name: '' });
    expect(store.getState().saved).toBeNull();
    store.getState().start(2, { ...emptyDraft(), activityId: 'a1', name: 'Old' });
    store.getState().update({ name: 'New' });
    expect(store.getState().saved).toBeNull();
    expect(createDraftStore().getState().saved).toBeNull();
  });

  it('is forgotten when published or discarded, when the person starts over, and on logout', () => {
    const store = createDraftStore();
    const fill = () => {
      store.getState().startNew(1, null);
      store.getState().update({ name: 'Grigna loop' });
      expect(createDraftStore().getState().saved).not.toBeNull();
    };
    fill();
    store.getState().discard();
    expect(createDraftStore().getState().saved).toBeNull();

    fill();
    store.getState().startNew(2, null);
    store.getState().startOver();
    expect(store.getState().draft.name).toBe('');
    expect(createDraftStore().getState().saved).toBeNull();

    useDraftStore.getState().startNew(3, null);
    useDraftStore.getState().update({ name: 'Grigna loop' });
    useAuthStore.getState().logout();
    expect(useDraftStore.getState().saved).toBeNull();
    expect(createDraftStore().getState().saved).toBeNull();
  });

  it('reads a stored draft defensively', () => {
    expect(readSavedDraft(null)).toBeNull();
    expect(readSavedDraft({ draft: 'x' })).toBeNull();
    const read = readSavedDraft({
      draft: { name: 'Grigna', access: 'SECRET', difficulty: 'EXPERT', route: { mode: 'POINTS', points: [{}] } },
      gpxFileName: 3,
    });
    expect(read?.draft).toMatchObject({
      name: 'Grigna',
      access: 'OPEN',
      difficulty: 'EXPERT',
      route: { mode: 'NONE' },
    });
    expect(read?.draft.activityId).toBeNull();
    expect(read?.gpxFileName).toBeNull();
  });
});

describe('prefillRequiredTime: the estimate fills the required time, never over the person’s own', () => {
  const fields = (requiredHours: string, requiredMinutes: string, estimatedRequired: number | null) => ({
    requiredHours,
    requiredMinutes,
    estimatedRequired,
  });

  it.each([
    ['nothing set: filled', fields('', '', null), 220, fields('3', '40', 220)],
    ['still the wizard’s figure: follows a new estimate', fields('3', '40', 220), 240, fields('4', '0', 240)],
    ['still the wizard’s figure, same estimate: nothing to do', fields('3', '40', 220), 220, null],
    ['the person typed a time: kept', fields('5', '', null), 220, null],
    ['the person changed the wizard’s figure: kept', fields('3', '50', 220), 240, null],
    ['the person cleared the wizard’s figure: left empty', fields('', '', 220), 240, null],
    ['an edited activity’s own time: kept', fields('2', '0', null), 220, null],
  ] as const)('%s', (_, draft, estimate, expected) => {
    expect(prefillRequiredTime(draft, estimate)).toEqual(expected);
  });

  it('is said to come from the estimate only while the fields hold it', () => {
    expect(requiredFromEstimate(fields('3', '40', 220))).toBe(true);
    expect(requiredFromEstimate(fields('3', '45', 220))).toBe(false);
    expect(requiredFromEstimate(fields('3', '40', null))).toBe(false);
  });

  it('keeps the wizard’s figure across a reload, and drops a nonsense one', () => {
    const draft = { ...emptyDraft(), requiredHours: '3', requiredMinutes: '40', estimatedRequired: 220 };
    expect(readSavedDraft(JSON.parse(JSON.stringify(toSaved(draft))))?.draft.estimatedRequired).toBe(220);
    const hacked = { draft: { ...draft, estimatedRequired: 'lots' }, gpxFileName: null };
    expect(readSavedDraft(hacked)?.draft.estimatedRequired).toBeNull();
  });
});
