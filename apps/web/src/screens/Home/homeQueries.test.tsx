import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DeviceLocationContext, fakeLocation } from '../../location/geolocation.ts';
import { emptyHomeFilters } from '../../state/homeFilters.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { useUiStore } from '../../state/ui.ts';
import { signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { anActivitySummary } from '../../testing/fixtures.ts';
import Home from './Home.tsx';
import { prefetchHome } from './homeQueries.ts';

signedInInEnglish();

const lecco = { latitude: 45.85, longitude: 9.39 };

describe('the home asked for at start-up', () => {
  it('asks near the device with the saved filters, and the screen then shows it without asking again', async () => {
    useUiStore.setState({ homeFilters: { ...emptyHomeFilters, stepFree: true } });
    const calls = stubCalls({
      'activity/nearby-activities': () => ({ activities: [anActivitySummary({ name: 'Resegone' })] }),
    });
    const location = fakeLocation({ ok: true, position: lecco });
    const client = createQueryClient();

    await prefetchHome(client, location);
    expect(calls).toEqual([
      {
        path: 'activity/nearby-activities',
        body: expect.objectContaining({ ...lecco, radiusKm: 50, stepFree: true, order: 'STARTS_AT' }),
      },
    ]);

    render(
      <QueryClientProvider client={client}>
        <DeviceLocationContext.Provider value={location}>
          <MemoryRouter initialEntries={['/home']}>
            <Home />
          </MemoryRouter>
        </DeviceLocationContext.Provider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('activity-card')).textContent).toContain('Resegone');
    expect(calls.filter((c) => c.path === 'activity/nearby-activities')).toHaveLength(1);
    expect(location.calls).toBe(1);
  });

  it('asks around the chosen place without the position when the filters name one', async () => {
    const near = { latitude: 45.46, longitude: 9.19, radiusKm: 10, label: 'Milano' };
    useUiStore.setState({ homeFilters: { ...emptyHomeFilters, near } });
    const calls = stubCalls({ 'activity/nearby-activities': () => ({ activities: [] }) });
    const location = fakeLocation({ ok: true, position: lecco });

    await prefetchHome(createQueryClient(), location);
    expect(location.calls).toBe(0);
    expect(calls[0]?.body).toMatchObject({ latitude: 45.46, longitude: 9.19, radiusKm: 10 });
  });
});
