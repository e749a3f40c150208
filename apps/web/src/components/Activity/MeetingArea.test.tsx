import type { Activity } from '@cordata/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { showActivityPage } from '../../testing/activity-page.tsx';
import { signedInInEnglish } from '../../testing/api-stub.ts';
import { anActivity } from '../../testing/fixtures.ts';

signedInInEnglish();
// The map needs WebGL, which happy-dom has not: these tests are about the words beside it.
vi.mock('../Map/MapCanvas.tsx', () => ({ default: () => null }));
afterEach(() => i18n.changeLanguage('en'));

/** A closed activity as an outsider (or a pending requester) receives it: no start, only the 500 m area. */
const asOutsider = (): Activity => {
  const accepted = anActivity({ access: 'CLOSED', status: 'NONE' });
  return {
    ...accepted,
    start: null,
    meetingArea: { latitude: 45.462, longitude: 9.187, radiusMetres: 500 },
    route: { ...accepted.route, start: null, hiddenByPrivacy: true },
  };
};

const showPage = (activity: Activity) => showActivityPage(activity);

describe('the approximate meeting area of a closed activity', () => {
  it('an outsider reads the approximate area and when the exact point comes, and no exact point', async () => {
    showPage(asOutsider());
    const area = await screen.findByTestId('activity-meeting-area');
    expect(area.textContent).toBe(
      'Approximate meeting area (within 500\u00a0m)The exact meeting point is shown once your request is accepted.',
    );
    expect(screen.queryByTestId('activity-where')).toBeNull();
  });

  it('in Italian', async () => {
    await i18n.changeLanguage('it');
    showPage(asOutsider());
    const area = await screen.findByTestId('activity-meeting-area');
    expect(area.textContent).toBe(
      'Zona di ritrovo approssimativa (entro 500\u00a0m)Il punto di ritrovo esatto compare quando la tua richiesta viene accettata.',
    );
  });

  it('once accepted, the exact meeting point and no area', async () => {
    showPage(anActivity({ access: 'CLOSED', status: 'PARTICIPATING' }));
    expect(await screen.findByTestId('activity-where')).toBeTruthy();
    expect(screen.queryByTestId('activity-meeting-area')).toBeNull();
  });
});
