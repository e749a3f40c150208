import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { useAuthStore } from '../../../state/auth.ts';
import { emptyHomeFilters, type HomeFilters } from '../../../state/homeFilters.ts';
import { createQueryClient } from '../../../state/queryClient.ts';
import { useUiStore } from '../../../state/ui.ts';
import { ActiveFilterChips, FiltersButton } from './FilterBar.tsx';

const sports = [
  { sportId: 'running', name: 'Running', names: { en: 'Running', it: 'Corsa' }, icon: 'run', intensityKinds: [] },
];

function renderBar() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FiltersButton />
      <ActiveFilterChips centre="Near your position" />
    </QueryClientProvider>,
  );
}

const filters: HomeFilters = {
  near: null,
  sportIds: ['running'],
  date: { kind: 'WEEKEND' },
  difficulties: ['EASY', 'HARD'],
  maxRouteKm: null,
  fitsMe: false,
  maxGrade: null,
  stepFree: true,
};

beforeEach(async () => {
  useAuthStore.setState({ jwt: 'token', completed: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ sports }), { status: 200 })),
  );
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useUiStore.setState({ homeFilters: emptyHomeFilters });
});

describe('the home filter bar', () => {
  it('with no filter: no badge, no chip, and where the search is centred', () => {
    useUiStore.setState({ homeFilters: emptyHomeFilters });
    renderBar();
    expect(screen.queryByTestId('home-filters-count')).toBeNull();
    expect(screen.getByTestId('open-home-filters').getAttribute('aria-label')).toBe('Filters');
    expect(screen.getByTestId('home-place').textContent).toBe('Near your position');
    expect(screen.queryByRole('button', { name: /Remove the filter/ })).toBeNull();
  });

  it('counts the active filters, shows one chip each, and × clears only that one', async () => {
    useUiStore.setState({ homeFilters: filters });
    renderBar();
    expect(screen.getByTestId('home-filters-count').textContent).toBe('4');
    expect(screen.getByTestId('open-home-filters').getAttribute('aria-label')).toBe('Filters, 4 active');
    expect(await screen.findByText('Running')).toBeTruthy();
    expect(screen.getByTestId('home-filter-date').textContent).toBe('This weekend');
    expect(screen.getByTestId('home-filter-difficulty').textContent).toBe('Easy, Hard');
    expect(screen.getByTestId('home-filter-stepFree').textContent).toBe('Step-free');

    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter “This weekend”' }));
    expect(useUiStore.getState().homeFilters).toEqual({ ...filters, date: { kind: 'ANY' } });
    expect(screen.queryByTestId('home-filter-date')).toBeNull();
    expect(screen.getByTestId('home-filters-count').textContent).toBe('3');
    expect(screen.getByTestId('home-filter-sports')).toBeTruthy();
  });

  it('names a place with its radius, a custom range and a route length, in Italian too', async () => {
    useUiStore.setState({
      homeFilters: {
        ...emptyHomeFilters,
        near: { latitude: 45.85, longitude: 9.39, radiusKm: 25, label: 'Lecco' },
        date: { kind: 'CUSTOM', from: '2026-12-05', to: '2026-12-08' },
        maxRouteKm: 20,
      },
    });
    await act(() => i18n.changeLanguage('it'));
    renderBar();
    expect(screen.queryByTestId('home-place')).toBeNull();
    expect(screen.getByTestId('home-filter-place').textContent).toBe('Lecco · 25 km');
    expect(screen.getByTestId('home-filter-date').textContent).toBe('sab 5 dic – mar 8 dic');
    expect(screen.getByTestId('home-filter-distance').textContent).toBe('Percorso fino a 20 km');
    expect(screen.getByTestId('open-home-filters').getAttribute('aria-label')).toBe('Filtri, 3 attivi');
    fireEvent.click(screen.getByTestId('home-filter-place'));
    expect(useUiStore.getState().homeFilters.near).toBeNull();
    expect(screen.getByTestId('home-filters-count').textContent).toBe('2');
  });
});
