import type { Activity, PrivacyZone } from '@cordata/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { showActivityPage } from '../../testing/activity-page.tsx';
import { signedInInEnglish } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { anActivity, anOwnUser, aUser } from '../../testing/fixtures.ts';
import type { RouteMapProps } from '../Map/types.ts';

signedInInEnglish();
// happy-dom has no WebGL: the map stands in as the circles it is asked to draw.
vi.mock('../Map/MapCanvas.tsx', () => ({
  default: ({ areas }: RouteMapProps) => <output data-testid="map-areas">{JSON.stringify(areas ?? [])}</output>,
}));
afterEach(() => i18n.changeLanguage('en'));

const ME = '01900000-0000-7000-8000-00000000a001';
const zone = (zoneId: string, latitude: number, longitude: number): PrivacyZone => ({
  zoneId,
  label: null,
  latitude,
  longitude,
  radiusMetres: 300,
  chosen: { latitude, longitude },
  createdAt: '2026-11-20T10:00:00.000Z',
});
// The fixture's route runs from (45.46, 9.19) to (45.47, 9.2): the first zone sits on its middle, the second far away.
const onTheRoute = zone('01900000-0000-7000-8000-00000000b001', 45.465, 9.195);
const elsewhere = zone('01900000-0000-7000-8000-00000000b002', 45.2, 8.9);

// Before the outing, whatever today is (the fixtures' date is fixed; after the end the recap comes first).
const HOUR = 3_600_000;
const upcoming = {
  startsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  endsAt: new Date(Date.now() + 26 * HOUR).toISOString(),
};

const showPage = (activity: Activity) =>
  showActivityPage(
    { ...activity, ...upcoming },
    {
      'user/own-profile': () => ({ user: anOwnUser({ userId: ME }) }),
      'privacy/list-zones': () => ({ zones: [onTheRoute, elsewhere] }),
    },
  );

const drawn = async () => JSON.parse((await screen.findByTestId('map-areas')).textContent!) as { latitude: number }[];

describe("the organiser's own privacy zones on their route map", () => {
  it('draws the zones the route passes through, and says what everyone else sees', async () => {
    showPage(anActivity({ createdBy: aUser({ userId: ME }), isAdmin: true, status: 'PARTICIPATING' }));
    expect((await screen.findByTestId('activity-own-zones')).textContent).toBe(
      'The dashed circle is your privacy zone: everyone else sees the route without what lies inside it.',
    );
    expect((await drawn()).map((area) => area.latitude)).toEqual([onTheRoute.latitude]);
  });

  it('in Italian', async () => {
    await i18n.changeLanguage('it');
    showPage(anActivity({ createdBy: aUser({ userId: ME }), isAdmin: true, status: 'PARTICIPATING' }));
    expect((await screen.findByTestId('activity-own-zones')).textContent).toBe(
      'Il cerchio tratteggiato è la tua zona di privacy: gli altri vedono il percorso senza la parte al suo interno.',
    );
  });

  it("shows nothing of them on someone else's activity, and does not ask for them", async () => {
    const calls = showPage(anActivity({ status: 'PARTICIPATING' }));
    await screen.findByTestId('activity-map');
    await eventually(() => expect(calls.some((c) => c.path === 'user/own-profile')).toBe(true));
    expect(await drawn()).toEqual([]);
    expect(screen.queryByTestId('activity-own-zones')).toBeNull();
    expect(calls.some((c) => c.path === 'privacy/list-zones')).toBe(false);
  });
});
