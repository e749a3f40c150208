import { describe, expect, it } from 'vitest';
import { activityBody, type Draft, emptyDraft, routeInput, validateInfo } from './draft.ts';

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

  it('leaves the route out when an edit keeps it', async () => {
    expect(await routeInput({ mode: 'NONE' })).toBeUndefined();
    expect(await routeInput({ mode: 'EXISTING', activity: {} as never })).toBeUndefined();
  });
});
