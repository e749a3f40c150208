import type { RouteAccess } from '@cordata/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { RouteAccessPanel } from './RouteAccess.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const facts: RouteAccess = {
  coverage: 0.95,
  stepFree: true,
  wheelchair: 'LIMITED',
  stroller: true,
  stepsCount: 0,
  surfaces: [
    { kind: 'PAVED', share: 0.7 },
    { kind: 'COMPACTED', share: 0.25 },
  ],
  maxInclinePercent: 8,
};

describe('what to expect on the way (issue 38)', () => {
  it('shows the badges and the terrain with the OpenStreetMap credit, in English and Italian', async () => {
    render(<RouteAccessPanel activity={{ routeAccess: facts }} />);
    const panel = screen.getByRole('region', { name: 'What to expect on the way' });
    expect(screen.getByRole('list', { name: 'What to expect on the way' }).textContent).toBe(
      'Step-freePartly wheelchair accessibleStroller-friendly',
    );
    expect(screen.getByTestId('activity-access-surfaces').textContent).toBe(
      'Surface: Paved 70\u00a0% · Compacted 25\u00a0%',
    );
    expect(screen.getByTestId('activity-access-incline').textContent).toBe('Up to 8\u00a0% incline where mapped');
    expect(panel.querySelector('[data-testid="osm-attribution"] a')?.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/copyright',
    );
    cleanup();
    await i18n.changeLanguage('it');
    render(<RouteAccessPanel activity={{ routeAccess: facts }} />);
    expect(screen.getByTestId('activity-access-step-free').textContent).toBe('Senza gradini');
    expect(screen.getByTestId('activity-access-stroller').textContent).toBe('Adatto ai passeggini');
  });

  it('says unknown and shows no badge for what OpenStreetMap does not know', () => {
    render(
      <RouteAccessPanel
        activity={{
          routeAccess: { ...facts, coverage: 0.42, stepFree: null, wheelchair: null, stroller: null, surfaces: [] },
        }}
      />,
    );
    expect(screen.queryByTestId('activity-access-step-free')).toBeNull();
    expect(screen.queryByTestId('activity-access-wheelchair')).toBeNull();
    expect(screen.getByTestId('activity-access-unknown').textContent).toBe(
      'Step-free access unknown: only 42\u00a0% of the route is mapped.',
    );
  });

  it('counts the steps of a route that has some', () => {
    render(
      <RouteAccessPanel
        activity={{ routeAccess: { ...facts, stepFree: false, wheelchair: 'NO', stroller: false, stepsCount: 2 } }}
      />,
    );
    expect(screen.getByTestId('activity-access-step-free').textContent).toBe('Has steps');
    expect(screen.getByTestId('activity-access-steps').textContent).toBe('2 flights of steps');
  });

  it('shows nothing when the facts were never asked', () => {
    const { container } = render(<RouteAccessPanel activity={{ routeAccess: null }} />);
    expect(container.textContent).toBe('');
  });
});
