import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { type DeviceLocation, DeviceLocationContext, fakeLocation } from '../../location/geolocation.ts';
import { useAuthStore } from '../../state/auth.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { emptyFilters, emptyHomeFilters, useUiStore } from '../../state/ui.ts';
import { useSheetStore } from '../store.ts';
import { FiltersContent } from './FiltersSheet.tsx';

const slow = { timeout: 5000 };
const sports = [
  {
    sportId: 'running',
    name: 'Running',
    names: { en: 'Running', it: 'Corsa' },
    icon: 'run',
    intensityKinds: ['DISTANCE'],
  },
  {
    sportId: 'cycling',
    name: 'Cycling',
    names: { en: 'Cycling', it: 'Ciclismo' },
    icon: 'bike',
    intensityKinds: ['DISTANCE'],
  },
];

/** The API the sheet talks to: sports, place search and the address of a point. */
function stubApi() {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^.*\/database\//, '');
      calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answers: Record<string, unknown> = {
        'sport/list-all': { sports },
        'location/autocomplete': {
          results: [{ placeId: 'gn:3165524', label: 'Turin, Piedmont, Italy', latitude: 45.07049, longitude: 7.68682 }],
        },
        'location/get-address': { address: { label: 'Milan, Lombardy, Italy', city: 'Milan', country: 'Italy' } },
      };
      return new Response(JSON.stringify(answers[path]), { status: path in answers ? 200 : 404 });
    }),
  );
  return calls;
}

function renderFilters(location: DeviceLocation, kind: 'home' | 'group' = 'home') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeviceLocationContext value={location}>
        <FiltersContent sheetKey={1} kind={kind} />
      </DeviceLocationContext>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  useAuthStore.setState({ jwt: 'token', completed: true });
  useUiStore.setState({ homeFilters: emptyHomeFilters, groupFilters: emptyFilters });
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('home and group filters', () => {
  it('with location turned off, says to activate it manually, and the search still works', async () => {
    stubApi();
    const location = fakeLocation({ ok: false, reason: 'DENIED' });
    renderFilters(location);
    fireEvent.click(screen.getByTestId('filters-use-my-position'));
    expect((await screen.findByTestId('geolocation-message')).textContent).toBe(
      'Location is turned off. Activate it manually in the settings of your phone.',
    );
    fireEvent.change(screen.getByTestId('filters-place-input'), { target: { value: 'torino' } });
    fireEvent.click(await screen.findByTestId('filters-place-option-0', {}, slow));
    expect(screen.getByTestId('filters-chosen-place').textContent).toContain('Turin, Piedmont, Italy');
    expect(screen.queryByTestId('geolocation-message')).toBeNull();
  });

  it('says it in Italian too', async () => {
    stubApi();
    await act(() => i18n.changeLanguage('it'));
    renderFilters(fakeLocation({ ok: false, reason: 'DENIED' }));
    fireEvent.click(screen.getByTestId('filters-use-my-position'));
    expect((await screen.findByTestId('geolocation-message')).textContent).toBe(
      'La localizzazione è disattivata. Attivala manualmente nelle impostazioni del telefono.',
    );
  });

  it('uses the device position, named by get-address, and stores nothing until applied', async () => {
    const calls = stubApi();
    const close = vi.fn();
    useSheetStore.setState({ close });
    renderFilters(fakeLocation({ ok: true, position: { latitude: 45.4642, longitude: 9.19 } }));
    fireEvent.click(screen.getByTestId('filters-use-my-position'));
    await waitFor(
      () => expect(screen.getByTestId('filters-chosen-place').textContent).toContain('Near Milan, Lombardy, Italy'),
      slow,
    );
    expect(calls.find((c) => c.path === 'location/get-address')?.body).toEqual({
      latitude: 45.4642,
      longitude: 9.19,
      language: 'en',
    });
    fireEvent.click(screen.getByTestId('filters-radius-50'));
    fireEvent.click(await screen.findByTestId('filters-sport-cycling', {}, slow));
    expect(useUiStore.getState().homeFilters).toEqual(emptyHomeFilters);

    fireEvent.click(screen.getByTestId('filters-apply'));
    expect(useUiStore.getState().homeFilters).toEqual({
      ...emptyHomeFilters,
      near: { latitude: 45.4642, longitude: 9.19, radiusKm: 50, label: 'Near Milan, Lombardy, Italy' },
      sportIds: ['cycling'],
    });
    expect(close).toHaveBeenCalledWith(1);
  });

  it('home adds dates, difficulties and the longest route; the group filters do not', async () => {
    stubApi();
    useSheetStore.setState({ close: vi.fn() });
    renderFilters(fakeLocation({ ok: false, reason: 'DENIED' }));
    fireEvent.click(screen.getByTestId('filters-date-WEEKEND'));
    fireEvent.click(screen.getByTestId('filters-difficulty-HARD'));
    fireEvent.click(screen.getByTestId('filters-difficulty-EASY'));
    fireEvent.click(screen.getByTestId('filters-max-route-20'));
    expect(screen.queryByTestId('filters-date-from')).toBeNull();
    fireEvent.click(screen.getByTestId('filters-apply'));
    expect(useUiStore.getState().homeFilters).toEqual({
      ...emptyHomeFilters,
      date: { kind: 'WEEKEND' },
      difficulties: ['EASY', 'HARD'],
      maxRouteKm: 20,
    });
    cleanup();

    renderFilters(fakeLocation({ ok: false, reason: 'DENIED' }));
    expect(screen.getByTestId('filters-date-WEEKEND').querySelector('input')?.checked).toBe(true);
    fireEvent.click(screen.getByTestId('filters-date-CUSTOM'));
    fireEvent.change(screen.getByTestId('filters-date-from'), { target: { value: '2026-12-05' } });
    fireEvent.click(screen.getByTestId('filters-max-route-any'));
    fireEvent.click(screen.getByTestId('filters-apply'));
    expect(useUiStore.getState().homeFilters).toMatchObject({
      date: { kind: 'CUSTOM', from: '2026-12-05', to: null },
      maxRouteKm: null,
    });
    cleanup();

    renderFilters(fakeLocation({ ok: false, reason: 'DENIED' }), 'group');
    expect(screen.queryByTestId('filters-date-ANY')).toBeNull();
    expect(screen.queryByTestId('filters-difficulty-EASY')).toBeNull();
  });

  it('home filters by a maximum grade on the scales of the chosen sports, or every scale (issue 24)', async () => {
    stubApi();
    useSheetStore.setState({ close: vi.fn() });
    renderFilters(fakeLocation({ ok: false, reason: 'DENIED' }));
    for (const scale of ['SAC', 'STS', 'UIAA', 'FRENCH', 'VIA_FERRATA']) {
      expect(screen.getByTestId(`filters-max-grade-${scale}`)).toBeTruthy();
    }
    fireEvent.change(screen.getByTestId('filters-max-grade-SAC'), { target: { value: 'T2' } });
    fireEvent.change(screen.getByTestId('filters-max-grade-STS'), { target: { value: 'S1' } });
    // One grade on one scale: the later choice wins, the other scale shows "any" again.
    expect((screen.getByTestId('filters-max-grade-SAC') as HTMLSelectElement).value).toBe('');
    fireEvent.change(screen.getByTestId('filters-max-grade-SAC'), { target: { value: 'T4' } });
    fireEvent.click(screen.getByTestId('filters-apply'));
    expect(useUiStore.getState().homeFilters.maxGrade).toEqual({ scale: 'SAC', grade: 'T4' });
    cleanup();

    useUiStore.setState({ homeFilters: { ...emptyHomeFilters, sportIds: ['running'] } });
    renderFilters(fakeLocation({ ok: false, reason: 'DENIED' }));
    // Running takes no standard grade: no section at all.
    expect(screen.queryByTestId('filters-max-grade-SAC')).toBeNull();
    cleanup();
    useUiStore.setState({ homeFilters: { ...emptyHomeFilters, sportIds: ['hiking'] } });
    renderFilters(fakeLocation({ ok: false, reason: 'DENIED' }));
    expect(screen.getByTestId('filters-max-grade-SAC')).toBeTruthy();
    expect(screen.queryByTestId('filters-max-grade-STS')).toBeNull();
  });

  it('home filters step-free routes (issue 38), named in Italian too', async () => {
    stubApi();
    useSheetStore.setState({ close: vi.fn() });
    renderFilters(fakeLocation({ ok: false, reason: 'DENIED' }));
    const chip = screen.getByTestId('filters-step-free');
    expect(chip.textContent).toBe('Step-free');
    fireEvent.click(chip);
    fireEvent.click(screen.getByTestId('filters-apply'));
    expect(useUiStore.getState().homeFilters.stepFree).toBe(true);
    cleanup();
    await act(() => i18n.changeLanguage('it'));
    renderFilters(fakeLocation({ ok: false, reason: 'DENIED' }));
    expect(screen.getByTestId('filters-step-free').textContent).toBe('Senza gradini');
    expect(screen.getByRole('heading', { name: 'Accessibilità' })).toBeTruthy();
  });

  it('the group filters are their own, and reset empties them', async () => {
    stubApi();
    useUiStore.setState({ groupFilters: { near: null, sportIds: ['running'] } });
    useSheetStore.setState({ close: vi.fn() });
    renderFilters(fakeLocation({ ok: false, reason: 'UNAVAILABLE' }), 'group');
    fireEvent.click(screen.getByTestId('filters-use-my-position'));
    expect((await screen.findByTestId('geolocation-message')).textContent).toBe(
      'Your position could not be found. Search for a place instead.',
    );
    fireEvent.click(screen.getByTestId('filters-reset'));
    fireEvent.click(screen.getByTestId('filters-apply'));
    expect(useUiStore.getState().groupFilters).toEqual(emptyFilters);
    expect(useUiStore.getState().homeFilters).toEqual(emptyHomeFilters);
  });
});
