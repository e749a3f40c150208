import type { PrivacyZone } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { id } from '../../testing/fixtures.ts';
import { useFeedbackStore } from '../feedback.ts';
import { PrivacyZones } from './PrivacyZones.tsx';

vi.mock('../Map/MapCanvas.tsx', () => ({ default: () => null }));
signedInInEnglish();

const zone = (n: number, over: Partial<PrivacyZone> = {}): PrivacyZone => ({
  zoneId: id(n),
  label: null,
  latitude: 45.46 + n / 1000,
  longitude: 9.19,
  radiusMetres: 500,
  chosen: { latitude: 45.461 + n / 1000, longitude: 9.191 },
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PrivacyZones />
    </QueryClientProvider>,
  );

describe('Settings › Privacy zones (issue 23)', () => {
  it('explains what a zone does when there is none, and adds one at a searched place with the chosen radius', async () => {
    let zones: PrivacyZone[] = [];
    const calls = stubCalls({
      'privacy/list-zones': () => ({ zones }),
      'location/autocomplete': () => ({
        results: [{ placeId: 'gn:1', label: 'Via Roma 1, Milan', latitude: 45.47, longitude: 9.2 }],
      }),
      'privacy/add-zone': (body) => {
        zones = [zone(1, { label: body.label ?? null, radiusMetres: body.radiusMetres })];
        return { zone: zones[0]! };
      },
    });
    show();
    expect((await screen.findByTestId('privacy-zones-empty')).textContent).toBe('No privacy zones yet.');
    expect(screen.getByTestId('privacy-zones').textContent).toContain('hidden from everyone else');
    // Nothing to add before a point is chosen.
    expect((screen.getByTestId('privacy-zone-add') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('privacy-zone-place-input'), { target: { value: 'Via Roma' } });
    fireEvent.click(await screen.findByTestId('privacy-zone-place-option-0', {}, { timeout: 5000 }));
    fireEvent.change(screen.getByTestId('privacy-zone-radius'), { target: { value: '800' } });
    expect(screen.getByTestId('privacy-zone-radius-value').textContent).toBe('800 m');
    fireEvent.change(screen.getByTestId('privacy-zone-label'), { target: { value: ' Home ' } });
    fireEvent.click(screen.getByTestId('privacy-zone-add'));
    await eventually(() =>
      expect(calls.find((c) => c.path === 'privacy/add-zone')?.body).toEqual({
        latitude: 45.47,
        longitude: 9.2,
        radiusMetres: 800,
        label: 'Home',
      }),
    );
    expect((await screen.findByTestId('privacy-zone')).textContent).toContain('Home');
    expect(screen.getByTestId('privacy-zone').textContent).toContain('800 m');
    // The offset is explained once there is a circle.
    expect(screen.getByTestId('privacy-zones').textContent).toContain('random offset');
  });

  it('draws a zone again and deletes one after confirming', async () => {
    const calls = stubCalls({
      'privacy/list-zones': () => ({ zones: [zone(1), zone(2, { label: 'Work' })] }),
      'privacy/regenerate-zone': () => ({ zone: zone(1) }),
      'privacy/delete-zone': () => ({ ok: true }),
    });
    show();
    const rows = await screen.findAllByTestId('privacy-zone');
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual(['Zone 1', 'Work']);
    fireEvent.click(rows[0]!.querySelector('[data-testid="privacy-zone-regenerate"]')!);
    await eventually(() =>
      expect(calls.find((c) => c.path === 'privacy/regenerate-zone')?.body).toEqual({ zoneId: id(1) }),
    );
    fireEvent.click(rows[1]!.querySelector('[data-testid="privacy-zone-delete"]')!);
    await eventually(() => expect(useFeedbackStore.getState().current?.title).toBe('Delete the privacy zone'));
    useFeedbackStore.getState().dismiss(true);
    await eventually(() =>
      expect(calls.find((c) => c.path === 'privacy/delete-zone')?.body).toEqual({ zoneId: id(2) }),
    );
  });

  it('offers no form at 5 zones, and shows the server’s refusal in the reader’s language', async () => {
    stubCalls({ 'privacy/list-zones': () => ({ zones: [1, 2, 3, 4, 5].map((n) => zone(n)) }) });
    show();
    expect((await screen.findByTestId('privacy-zones-full')).textContent).toBe(
      'You have 5 zones, the most: delete one to add another.',
    );
    expect(screen.queryByTestId('privacy-zone-form')).toBeNull();
  });

  it('says a refused zone in Italian', async () => {
    await i18n.changeLanguage('it');
    stubCalls({
      'privacy/list-zones': () => ({ zones: [] }),
      'location/autocomplete': () => ({
        results: [{ placeId: 'gn:1', label: 'Via Roma 1, Milano', latitude: 45.47, longitude: 9.2 }],
      }),
      'privacy/add-zone': () => refusal('PRIVACY_ZONES_LIMIT', 409),
    });
    show();
    fireEvent.change(await screen.findByTestId('privacy-zone-place-input'), { target: { value: 'Via Roma' } });
    fireEvent.click(await screen.findByTestId('privacy-zone-place-option-0', {}, { timeout: 5000 }));
    fireEvent.click(screen.getByTestId('privacy-zone-add'));
    await eventually(() =>
      expect(useFeedbackStore.getState().current?.description ?? useFeedbackStore.getState().current?.title).toContain(
        'Hai già 5 zone di privacy',
      ),
    );
  });
});
