import type { LatLng } from '@cordata/contract';
import { routeStats } from '@cordata/geo';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDistance } from '../../../../components/Activity/format.ts';
import { createQueryClient } from '../../../../state/queryClient.ts';
import { refusal, signedInInEnglish, stubCalls } from '../../../../testing/api-stub.ts';
import { type DraftRoute, emptyDraft, useDraftStore } from '../draft.ts';
import { forgetEngine } from '../route-snapping.ts';
import { RouteStep } from './RouteStep.tsx';

signedInInEnglish();

const A: LatLng = { latitude: 45.81, longitude: 9.08 };
const B: LatLng = { latitude: 45.83, longitude: 9.11 };
const C: LatLng = { latitude: 45.85, longitude: 9.1 };
const bent = (a: LatLng, b: LatLng) => [a, { latitude: a.latitude, longitude: b.longitude }, b];

function drawn(points: LatLng[], sportId = 'hiking', line?: LatLng[]) {
  const draft = {
    ...emptyDraft(),
    sportId,
    route: { mode: 'POINTS', points, ...(line ? { line } : {}) } as DraftRoute,
  };
  useDraftStore.setState({ draft, initial: emptyDraft(), owner: 1, saved: null, restored: null });
}

function renderStep() {
  const go = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouteStep go={go} close={() => {}} />
    </QueryClientProvider>,
  );
  return go;
}

const snapState = () => screen.getByTestId('route-snap').getAttribute('data-state');

beforeEach(() => {
  localStorage.clear();
  forgetEngine();
});

describe('the drawn route follows paths', () => {
  it('shows the snapped line, its distance and credit, says which leg stayed straight and why, and keeps the line in the draft', async () => {
    const calls = stubCalls({
      'route/snap-legs': ({ points }) => ({
        engine: 'valhalla',
        profile: 'HIKING',
        attribution: 'Valhalla, © OpenStreetMap contributors',
        legs: points
          .slice(1)
          .map((to, i) =>
            i === 0
              ? { line: bent(points[i]!, to), straightReason: null }
              : { line: [points[i]!, to], straightReason: 'NO_ROUTE' as const },
          ),
      }),
    });
    drawn([A, B, C]);
    renderStep();
    expect(snapState()).toBe('pending');
    expect(screen.getByTestId('route-snap-status').textContent).toBe('Following paths…');
    await waitFor(() => expect(snapState()).toBe('partial'));
    expect(calls.filter((c) => c.path === 'route/snap-legs').map((c) => c.body)).toEqual([
      { sportId: 'hiking', points: [A, B, C] },
    ]);
    const straight = screen.getAllByTestId('route-straight-leg');
    expect(straight.map((li) => li.textContent)).toEqual([
      'Leg 2 of 2 stays straight: no path joins these two points.',
    ]);
    expect(screen.getByTestId('route-attribution').textContent).toBe(
      'Routes: Valhalla, © OpenStreetMap contributors Report a map error',
    );
    expect(screen.getByTestId('route-fix-the-map').getAttribute('href')).toBe(
      'https://www.openstreetmap.org/fixthemap',
    );
    const line = [...bent(A, B), C];
    expect(screen.getByTestId('wizard-distance').textContent).toBe(
      formatDistance(routeStats(line).totalDistance, 'en'),
    );
    await waitFor(() =>
      expect(useDraftStore.getState().draft.route).toEqual({ mode: 'POINTS', points: [A, B, C], line }),
    );
  });

  it('says in one quiet line that routes are straight when no engine is configured', async () => {
    stubCalls({
      'route/snap-legs': ({ points }) => ({
        engine: null,
        profile: 'HIKING',
        attribution: null,
        legs: points.slice(1).map((to, i) => ({ line: [points[i]!, to], straightReason: 'NOT_CONFIGURED' as const })),
      }),
    });
    drawn([A, B, C]);
    renderStep();
    await waitFor(() => expect(snapState()).toBe('off'));
    expect(screen.getByTestId('route-snap-status').textContent).toBe(
      'This route follows straight lines between your points: finding paths is not available here.',
    );
    expect(screen.queryAllByTestId('route-straight-leg')).toHaveLength(0);
    expect(screen.queryByTestId('route-attribution')).toBeNull();
    // Known now: the next route drawn says so at once, not "Following paths…" first.
    cleanup();
    drawn([B, C]);
    renderStep();
    expect(snapState()).toBe('off');
    expect(screen.getByTestId('route-snap-status').textContent).toBe(
      'This route follows straight lines between your points: finding paths is not available here.',
    );
  });

  it('keeps the legs straight and says the service could not be reached when the call fails', async () => {
    stubCalls({ 'route/snap-legs': () => refusal('RATE_LIMITED', 429) });
    drawn([A, B]);
    renderStep();
    await waitFor(() => expect(snapState()).toBe('partial'));
    expect(screen.getByTestId('route-straight-leg').textContent).toBe(
      'Leg 1 of 1 stays straight: paths could not be found right now.',
    );
    expect(screen.getByTestId('route-snap').getAttribute('data-line-points')).toBe('2');
  });

  it('"Next" asks for a leg drawn a moment ago at once and moves on with its line in the draft', async () => {
    stubCalls({
      'route/snap-legs': ({ points }) => ({
        engine: 'osrm',
        profile: 'HIKING',
        attribution: 'OSRM, © OpenStreetMap contributors',
        legs: [{ line: bent(points[0]!, points[1]!), straightReason: null }],
      }),
    });
    drawn([A, B]);
    const go = renderStep();
    fireEvent.click(screen.getByTestId('wizard-next'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('difficulty'));
    await waitFor(() =>
      expect(useDraftStore.getState().draft.route).toMatchObject({ points: [A, B], line: bent(A, B) }),
    );
  });

  it('back on the step, shows the line kept in the draft while its legs are asked again', async () => {
    stubCalls({
      'route/snap-legs': ({ points }) => ({
        engine: 'osrm',
        profile: 'HIKING',
        attribution: 'OSRM, © OpenStreetMap contributors',
        legs: [{ line: bent(points[0]!, points[1]!), straightReason: null }],
      }),
    });
    drawn([A, C], 'hiking', bent(A, C));
    renderStep();
    expect(snapState()).toBe('pending');
    const kept = formatDistance(routeStats(bent(A, C)).totalDistance, 'en');
    expect(screen.getByTestId('wizard-distance').textContent).toBe(kept);
    await waitFor(() => expect(snapState()).toBe('snapped'));
    expect(screen.getByTestId('wizard-distance').textContent).toBe(kept);
  });
});
