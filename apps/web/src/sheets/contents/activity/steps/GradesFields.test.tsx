import type { GradeSuggestion } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../../../testing/api-stub.ts';
import { emptyDraft, useDraftStore } from '../draft.ts';
import { GradesFields } from './GradesFields.tsx';

signedInInEnglish();

const points = [
  { latitude: 45.8, longitude: 9.08 },
  { latitude: 45.8, longitude: 9.1 },
];
const answer = (over: Partial<GradeSuggestion> = {}): GradeSuggestion => ({
  status: 'OK',
  reason: null,
  grades: [{ scale: 'SAC', grade: 'T3', share: 0.867 }],
  hazards: [],
  attribution: '© OpenStreetMap contributors',
  ...over,
});

function show(suggestion: GradeSuggestion, sportId = 'hiking') {
  const calls = stubCalls({ 'route/grade-suggestion': () => suggestion });
  const start = { ...emptyDraft(), sportId, route: { mode: 'POINTS' as const, points } };
  useDraftStore.setState({ draft: start, initial: start, owner: 1, saved: null, restored: null });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GradesFields />
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => localStorage.clear());

describe('grades suggested from OpenStreetMap in the wizard', () => {
  it('shows the grade with its share and fills the declared grade only on Accept', async () => {
    const calls = show(answer());
    const text = await screen.findByTestId('osm-grade-text-SAC');
    expect(text.textContent).toBe('Suggested from OpenStreetMap: T3 (86\u00a0% of the route)');
    expect(calls[0]!.body).toEqual({ sportId: 'hiking', points });
    expect(screen.getByTestId('osm-attribution').textContent).toBe('© OpenStreetMap contributors');
    expect(useDraftStore.getState().draft.grades).toEqual({});
    fireEvent.click(screen.getByTestId('osm-accept-SAC'));
    expect(useDraftStore.getState().draft.grades).toEqual({ SAC: 'T3' });
    expect((screen.getByTestId('wizard-grade-SAC') as HTMLSelectElement).value).toBe('T3');
    expect(screen.getByTestId('osm-accepted-SAC').textContent).toBe('✓ Accepted');
  });

  it('says unknown, with the share, under 80 %', async () => {
    show(answer({ grades: [{ scale: 'SAC', grade: null, share: 0.799 }] }));
    expect((await screen.findByTestId('osm-grade-text-SAC')).textContent).toBe(
      'OpenStreetMap: grade unknown, only 79\u00a0% of the route is on graded paths.',
    );
    expect(screen.queryByTestId('osm-accept-SAC')).toBeNull();
  });

  it('says unknown when OpenStreetMap did not answer', async () => {
    show(answer({ status: 'UNAVAILABLE', reason: 'RATE_LIMITED', grades: [{ scale: 'SAC', grade: null, share: 0 }] }));
    expect((await screen.findByTestId('osm-grade-text-SAC')).textContent).toBe(
      'OpenStreetMap did not answer: grade unknown.',
    );
  });

  it('shows nothing when no source is configured', async () => {
    const calls = show(answer({ status: 'NOT_CONFIGURED', grades: [], attribution: null }));
    await screen.findByTestId('wizard-grade-SAC');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    expect(screen.queryByTestId('osm-grade-SAC')).toBeNull();
    expect(screen.queryByTestId('osm-attribution')).toBeNull();
  });

  it('adds the hazards OpenStreetMap states, on Add', async () => {
    show(answer({ grades: [{ scale: 'STS', grade: 'S2', share: 0.9 }], hazards: ['STAIRS'] }), 'mountain-biking');
    expect((await screen.findByTestId('osm-hazards')).textContent).toContain(
      'OpenStreetMap shows: Stairs (carry the bike)',
    );
    fireEvent.click(screen.getByTestId('osm-hazards-add'));
    expect(useDraftStore.getState().draft.hazards).toEqual(['STAIRS']);
    expect(screen.queryByTestId('osm-hazards-add')).toBeNull();
    expect(screen.getByTestId('osm-hazards-added').textContent).toBe('✓ Added');
  });
});
