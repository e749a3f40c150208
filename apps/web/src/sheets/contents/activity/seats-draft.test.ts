import { describe, expect, it } from 'vitest';
import { anActivity } from '../../../testing/fixtures.ts';
import { activityBody, draftFromActivity, emptyDraft, readSavedDraft, seatsErrors } from './draft.ts';

describe('seats, join deadline and claim window in the wizard', () => {
  it('sends numbers, or null for an empty field (no limit, no deadline, the default window)', async () => {
    const draft = { ...emptyDraft(), name: 'Grigna', sportId: 'hiking', seats: '8', joinDeadlineHours: ' 24 ' };
    const body = await activityBody(draft, 'Europe/Rome');
    expect(body).toMatchObject({ seats: 8, joinDeadlineHours: 24, claimWindowMinutes: null });
  });

  it('refuses values out of range, and accepts empty ones', () => {
    expect(seatsErrors(emptyDraft())).toEqual([]);
    expect(seatsErrors({ seats: '0', joinDeadlineHours: '721', claimWindowMinutes: '10' })).toEqual([
      'seats',
      'joinDeadlineHours',
      'claimWindowMinutes',
    ]);
    expect(seatsErrors({ seats: '3', joinDeadlineHours: '1', claimWindowMinutes: '1440' })).toEqual([]);
    expect(seatsErrors({ seats: 'x', joinDeadlineHours: '', claimWindowMinutes: '' })).toEqual(['seats']);
  });

  it('editing starts from the activity, and a kept draft keeps the fields', () => {
    const draft = draftFromActivity(anActivity({ seats: 3, joinDeadlineHours: 12, claimWindowMinutes: null }));
    expect(draft).toMatchObject({ seats: '3', joinDeadlineHours: '12', claimWindowMinutes: '' });
    const saved = readSavedDraft({ draft: { ...emptyDraft(), seats: '5' }, gpxFileName: null });
    expect(saved?.draft.seats).toBe('5');
  });
});
