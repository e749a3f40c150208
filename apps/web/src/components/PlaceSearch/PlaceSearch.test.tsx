import type { PlaceResult } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { useAuthStore } from '../../state/auth.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { type PickedPlace, PlaceSearch } from './PlaceSearch.tsx';

const milano: PlaceResult = {
  placeId: 'gn:3173435',
  label: 'Milan, Lombardy, Italy',
  latitude: 45.46427,
  longitude: 9.18951,
};
const milanoMarittima: PlaceResult = {
  placeId: 'gn:6535770',
  label: 'Milano Marittima, Emilia-Romagna, Italy',
  latitude: 44.28,
  longitude: 12.35,
};

/** A fake API: autocomplete answers `results` for any query and records the bodies it got. */
function stubAutocomplete(results: PlaceResult[] | { status: number; code: string }) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toMatch(/\/location\/autocomplete$/);
      bodies.push(JSON.parse(String(init.body)));
      if (!Array.isArray(results)) {
        return new Response(JSON.stringify({ error: { code: results.code, message: 'x' } }), {
          status: results.status,
        });
      }
      return new Response(JSON.stringify({ results }), { status: 200 });
    }),
  );
  return bodies;
}

function renderSearch(onSelect = vi.fn<(p: PickedPlace) => void>()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PlaceSearch onSelect={onSelect} near={{ latitude: 45.4612, longitude: 9.1934 }} />
    </QueryClientProvider>,
  );
  return { onSelect, input: screen.getByTestId('place-search-input') as HTMLInputElement };
}

beforeEach(async () => {
  useAuthStore.setState({ jwt: 'token', completed: true });
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The first search also loads the API registry: give it time on a busy machine. */
const slow = { timeout: 5000 };

describe('PlaceSearch', () => {
  it('waits for typing to pause, then asks once with the language and a rounded bias point', async () => {
    const bodies = stubAutocomplete([milano, milanoMarittima]);
    const { input } = renderSearch();
    for (const text of ['m', 'mi', 'mil', 'mila']) fireEvent.change(input, { target: { value: text } });
    expect(await screen.findByTestId('place-search-option-0', {}, slow)).toBeTruthy();
    expect(bodies).toEqual([{ query: 'mila', language: 'en', near: { latitude: 45.46, longitude: 9.19 } }]);
    expect(screen.getByTestId('place-search-option-0').textContent).toContain('Milan');
    expect(screen.getByTestId('place-search-option-0').textContent).toContain('Lombardy, Italy');
  });

  it('asks nothing for one letter and says to type more', async () => {
    const bodies = stubAutocomplete([milano]);
    const { input } = renderSearch();
    fireEvent.change(input, { target: { value: 'm' } });
    expect((await screen.findByTestId('place-search-status')).textContent).toBe('Type at least 2 letters');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(bodies).toHaveLength(0);
  });

  it('picks with the keyboard: arrows move, Enter chooses, and the place comes back with its coordinates', async () => {
    stubAutocomplete([milano, milanoMarittima]);
    const { input, onSelect } = renderSearch();
    fireEvent.change(input, { target: { value: 'milano' } });
    await screen.findByTestId('place-search-option-1', {}, slow);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByTestId('place-search-option-1').getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByTestId('place-search-option-1').id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith({
      latitude: 44.28,
      longitude: 12.35,
      label: 'Milano Marittima, Emilia-Romagna, Italy',
    });
    expect(input.value).toBe('');
    expect(screen.queryByTestId('place-search-results')).toBeNull();
  });

  it('picks with a tap, and Escape closes the list', async () => {
    stubAutocomplete([milano]);
    const { input, onSelect } = renderSearch();
    fireEvent.change(input, { target: { value: 'milan' } });
    await screen.findByTestId('place-search-option-0', {}, slow);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('place-search-results')).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByTestId('place-search-option-0', {}, slow));
    expect(onSelect).toHaveBeenCalledWith({ latitude: 45.46427, longitude: 9.18951, label: 'Milan, Lombardy, Italy' });
  });

  it('says when nothing matches, and when the search failed, in Italian too', async () => {
    stubAutocomplete([]);
    const { input } = renderSearch();
    fireEvent.change(input, { target: { value: 'qqqq' } });
    await waitFor(
      () => expect(screen.getByTestId('place-search-status').textContent).toBe('No place found for “qqqq”'),
      slow,
    );

    vi.unstubAllGlobals();
    stubAutocomplete({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    await act(() => i18n.changeLanguage('it'));
    fireEvent.change(input, { target: { value: 'zzzz' } });
    await waitFor(
      () => expect(screen.getByTestId('place-search-status').textContent).toBe('La ricerca non è riuscita. Riprova.'),
      { timeout: 5000 },
    );
  });
});
