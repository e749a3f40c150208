import { describe, expect, it } from 'vitest';
import { anActivity } from '../../../testing/fixtures.ts';
import { activityBody, draftFromActivity, emptyDraft, readSavedDraft, seatsErrors } from './draft.ts';

describe('seats, join deadline and claim window in the wizard', () => {
  it('sends numbers, or null for an empty field (no limit, no deadline, the default window)', async () => {
    const draft = { ...emptyDraft(), name: 'Grigna', sportId: 'hiking', places: '8', joinDeadlineHours: ' 24 ' };
    const body = await activityBody(draft, 'Europe/Rome');
    // Eight places for others: nine seats, the organiser's own included.
    expect(body).toMatchObject({ seats: 9, joinDeadlineHours: 24, claimWindowMinutes: null });
    expect(await activityBody({ ...draft, places: '' }, 'Europe/Rome')).toMatchObject({ seats: null });
  });

  it('asks for at least one place for others, so a first activity cannot go out full', () => {
    expect(seatsErrors({ places: '0', joinDeadlineHours: '', claimWindowMinutes: '' })).toEqual(['places']);
    expect(seatsErrors({ places: '1', joinDeadlineHours: '', claimWindowMinutes: '' })).toEqual([]);
  });

  it('refuses values out of range, and accepts empty ones', () => {
    expect(seatsErrors(emptyDraft())).toEqual([]);
    expect(seatsErrors({ places: '10000', joinDeadlineHours: '721', claimWindowMinutes: '10' })).toEqual([
      'places',
      'joinDeadlineHours',
      'claimWindowMinutes',
    ]);
    expect(seatsErrors({ places: '3', joinDeadlineHours: '1', claimWindowMinutes: '1440' })).toEqual([]);
    expect(seatsErrors({ places: 'x', joinDeadlineHours: '', claimWindowMinutes: '' })).toEqual(['places']);
  });

  it('editing starts from the activity, and a kept draft keeps the fields', () => {
    const draft = draftFromActivity(anActivity({ seats: 3, joinDeadlineHours: 12, claimWindowMinutes: null }));
    expect(draft).toMatchObject({ places: '2', joinDeadlineHours: '12', claimWindowMinutes: '' });
    const saved = readSavedDraft({ draft: { ...emptyDraft(), places: '5' }, gpxFileName: null });
    expect(saved?.draft.places).toBe('5');
    // A draft kept before: its seats counted the organiser.
    const older = readSavedDraft({ draft: { ...emptyDraft(), places: undefined, seats: '5' }, gpxFileName: null });
    expect(older?.draft.places).toBe('4');
  });
});
