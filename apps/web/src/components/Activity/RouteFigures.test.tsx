import type { Activity } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { showActivityPage } from '../../testing/activity-page.tsx';
import { signedInInEnglish } from '../../testing/api-stub.ts';
import { anActivity, anActivitySummary } from '../../testing/fixtures.ts';
import { ActivityCard } from './ActivityCard.tsx';

signedInInEnglish();
// The map needs WebGL, which happy-dom has not: these tests are about the figures.
vi.mock('../Map/MapCanvas.tsx', () => ({ default: () => null }));

const unknown: Partial<Activity> = {
  sportId: 'hiking',
  totalDistance: 12_000,
  totalElevationGain: null,
  smoothedElevationGain: null,
  elevationLoss: null,
  estimatedMovingTime: { minutes: 180, includesClimb: false },
};

const showPage = (activity: Activity) => showActivityPage(activity);

describe('an unknown elevation is shown as unknown, never as 0 m', () => {
  it('on the activity page: "—" for the climb and the descent, and the moving time says the climb is not known', async () => {
    showPage(anActivity(unknown));
    const gain = await screen.findByTestId('stat-gain');
    expect(gain.textContent).toBe('—unknown');
    expect(gain.querySelector('[aria-hidden="true"]')?.textContent).toBe('—');
    expect(screen.getByTestId('stat-descent').textContent).toBe('—unknown');
    expect(screen.getByTestId('activity-stats').textContent).not.toMatch(/\b0 m\b/);
    expect(screen.getByTestId('stat-moving-time').textContent).toBe('about 3 h');
    expect(screen.getByTestId('stat-moving-time-note').textContent).toMatch(/^Climb not known for this route/);
    // The formula is one tap away, not on the page.
    expect(screen.getByText('How is this estimated?').closest('details')?.open).toBe(false);
    expect(screen.queryByTestId('stat-smoothed-gain')).toBeNull();
    expect(screen.getByTestId('elevation-chart-empty')).toBeTruthy();
  });

  it('on the activity page, a measured climb, its descent and moving time by DIN 33466, in Italian', async () => {
    await i18n.changeLanguage('it');
    showPage(
      anActivity({
        ...unknown,
        totalElevationGain: 612.4,
        smoothedElevationGain: 600,
        elevationLoss: 500,
        estimatedMovingTime: { minutes: 270, includesClimb: true },
        route: {
          ...anActivity().route,
          elevationProfile: [
            [0, 800],
            [6000, 1400],
            [12_000, 900],
          ],
        },
      }),
    );
    expect((await screen.findByTestId('stat-gain')).textContent).toBe('612 m');
    expect(screen.getByTestId('stat-descent').textContent).toBe('500 m');
    expect(screen.getByTestId('stat-moving-time').textContent).toBe('circa 4 h 30 min');
    expect(screen.getByTestId('stat-moving-time-note').textContent).toContain('DIN 33466');
    expect(screen.getByRole('slider')).toBeTruthy();
  });

  it('says nothing of a moving time for a sport without a model', async () => {
    showPage(anActivity({ ...unknown, sportId: 'climbing', estimatedMovingTime: null }));
    expect((await screen.findByTestId('stat-moving-time')).textContent).toBe('—');
    expect(screen.queryByTestId('stat-moving-time-note')).toBeNull();
  });

  it('shows one duration, the estimate; the group and required times are under "How is this estimated?"', async () => {
    showPage(
      anActivity({
        ...unknown,
        estimatedMovingTime: { minutes: 270, includesClimb: true },
        requiredTime: 255,
        participantsCount: 3,
        groupMovingTime: {
          minutes: 300,
          modelMinutes: 300,
          includesClimb: true,
          limitedBy: 'PACE',
          limitingCount: 1,
          calibration: null,
        },
      }),
    );
    const stats = await screen.findByTestId('activity-stats');
    expect(stats.textContent).toContain('about 4 h 30 min');
    expect(stats.textContent).not.toMatch(/4 h 15 min|5 h/);
    const how = screen.getByText('How is this estimated?').closest('details');
    expect(how?.open).toBe(false);
    expect(how?.contains(screen.getByTestId('activity-group-time'))).toBe(true);
    expect(how?.contains(screen.getByTestId('stat-required-time'))).toBe(true);
    expect(screen.getByTestId('stat-required-time').textContent).toBe('4 h 15 min');
    expect(how?.textContent).toContain('DIN 33466');
    expect(how?.textContent).toContain('Group moving time: about 5 h, set by the pace of 1 person');
    expect(how?.textContent).toContain('Required time: 4 h 15 min, set by the organiser, breaks included');
    // Outside that tap, the page shows no other duration.
    const page = screen.getByTestId('activity-details');
    const outside = page.textContent?.replace(how?.textContent ?? '', '') ?? '';
    expect(outside).not.toMatch(/4 h 15 min|\b5 h\b/);
  });

  it("gives the group's calibrated time as the estimate once past outings calibrated it, saying how, even alone", async () => {
    showPage(
      anActivity({
        ...unknown,
        estimatedMovingTime: { minutes: 180, includesClimb: false },
        participantsCount: 1,
        groupMovingTime: {
          minutes: 225,
          modelMinutes: 180,
          includesClimb: false,
          limitedBy: null,
          limitingCount: 0,
          calibration: { scope: 'GROUP', outings: 4, factor: 1.25 },
        },
      }),
    );
    expect((await screen.findByTestId('stat-moving-time')).textContent).toBe('about 3 h 45 min');
    const how = screen.getByText('How is this estimated?').closest('details');
    expect(how?.contains(screen.getByTestId('activity-group-calibration'))).toBe(true);
  });

  it('keeps the required time one tap away for a sport without a time model', async () => {
    showPage(anActivity({ ...unknown, sportId: 'climbing', estimatedMovingTime: null, requiredTime: 120 }));
    expect((await screen.findByTestId('stat-moving-time')).textContent).toBe('—');
    const how = screen.getByText('How is this estimated?').closest('details');
    expect(how?.contains(screen.getByTestId('stat-required-time'))).toBe(true);
    expect(how?.textContent).not.toContain('DIN');
  });

  it('on an activity card', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ul>
          <ActivityCard activity={anActivitySummary({ totalElevationGain: null })} />
          <ActivityCard activity={anActivitySummary({ totalElevationGain: 0 })} />
        </ul>
      </QueryClientProvider>,
    );
    const [unknownCard, flatCard] = screen.getAllByTestId('activity-card-gain');
    expect(unknownCard!.textContent).toBe('↗ —unknown');
    // A measured 0 (a flat route) is a real 0 m.
    expect(flatCard!.textContent).toBe('↗ 0 m');
  });
});
