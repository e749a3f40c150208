import type { RouteElevation } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { config } from '../../../../config.ts';
import { createQueryClient } from '../../../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../../../testing/api-stub.ts';
import { emptyDraft, useDraftStore } from '../draft.ts';
import { DifficultyStep } from './DifficultyStep.tsx';

signedInInEnglish();

// About 12 km north: a long enough hike for DIN 33466 to matter.
const points = [
  { latitude: 45.8, longitude: 9.4 },
  { latitude: 45.9079, longitude: 9.4 },
];
const measured = (over: Partial<RouteElevation> = {}): RouteElevation => ({
  totalDistance: 12_000,
  totalElevationGain: 612,
  smoothedElevationGain: 600,
  elevationLoss: 500,
  elevationProfile: [
    [0, 800],
    [12_000, 900],
  ],
  elevationSource: 'SERVICE',
  ...over,
});

function show(draft: Partial<ReturnType<typeof emptyDraft>>, answer: RouteElevation) {
  const calls = stubCalls({ 'route/elevation': () => answer });
  const start = { ...emptyDraft(), sportId: 'hiking', route: { mode: 'POINTS' as const, points }, ...draft };
  useDraftStore.setState({ draft: start, initial: start, owner: 1, saved: null, restored: null });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DifficultyStep go={() => {}} close={() => {}} />
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  config.elevationCredit = '';
});

describe('the wizard’s time step', () => {
  it('shows the measured climb and the DIN 33466 moving time, and fills the required time the person left empty', async () => {
    const calls = show({}, measured());
    // 12.0 km / 4 = 3 h; 600 / 300 + 500 / 500 = 3 h → 3 + 1.5 = 4 h 30 min.
    await waitFor(() => expect(screen.getByTestId('wizard-moving-time').textContent).toBe('about 4 h 30 min'));
    expect(calls.map((c) => c.path).filter((p) => p !== 'route/grade-suggestion')).toEqual(['route/elevation']);
    expect(screen.getByTestId('wizard-estimate-gain').textContent).toBe('600 m');
    await waitFor(() => expect(useDraftStore.getState().draft.requiredHours).toBe('4'));
    expect(useDraftStore.getState().draft).toMatchObject({ requiredMinutes: '30', estimatedRequired: 270 });
    expect(screen.getByTestId('required-from-estimate')).toBeTruthy();
  });

  it('never overwrites the time the person set, and offers the estimate instead', async () => {
    show({ requiredHours: '6', requiredMinutes: '' }, measured());
    await waitFor(() => expect(screen.getByTestId('wizard-moving-time').textContent).toBe('about 4 h 30 min'));
    await screen.findByTestId('use-estimate');
    expect(useDraftStore.getState().draft).toMatchObject({
      requiredHours: '6',
      requiredMinutes: '',
      estimatedRequired: null,
    });
  });

  it("says the climb is not known, in the person's terms, when the server has no elevation service", async () => {
    show(
      {},
      measured({
        totalElevationGain: null,
        smoothedElevationGain: null,
        elevationLoss: null,
        elevationProfile: [],
        elevationSource: 'NOT_CONFIGURED',
      }),
    );
    // "Measuring the climb…" first, then why it is unknown.
    await waitFor(() =>
      expect(screen.getByTestId('wizard-elevation-status').textContent).toBe('Climb not known for this route.'),
    );
    expect(screen.getByTestId('wizard-estimate-gain').textContent).toBe('—unknown');
    // The distance alone (about 12 km at 4 km/h), said to leave the climb out.
    expect(screen.getByTestId('wizard-moving-time').textContent).toBe('about 3 h');
    expect(screen.getByTestId('wizard-estimate').textContent).toContain('Climb not known for this route');
    expect(screen.queryByTestId('wizard-elevation-credit')).toBeNull();
  });

  it('credits the elevation service under a climb it measured, with the formula one tap away', async () => {
    config.elevationCredit = 'Open-Meteo.com (Copernicus DEM GLO-90, CC BY 4.0)';
    show({}, measured());
    await waitFor(() =>
      expect(screen.getByTestId('wizard-elevation-credit').textContent).toBe(
        'Climb: Open-Meteo.com (Copernicus DEM GLO-90, CC BY 4.0)',
      ),
    );
    expect(screen.getByText('How is this estimated?').closest('details')?.textContent).toContain('DIN 33466');
  });
});
