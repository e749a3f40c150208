import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { stubCalls } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { anActivity, aSport } from '../../testing/fixtures.ts';
import { GroupMovingTime } from './GroupMovingTime.tsx';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const group = {
  minutes: 250,
  modelMinutes: 250,
  includesClimb: true,
  limitedBy: 'CLIMB' as const,
  limitingCount: 1,
  calibration: null,
};

describe('the group moving time on the page', () => {
  it('names the factor that sets it and for how many people, in English and Italian', async () => {
    render(<GroupMovingTime activity={anActivity({ participantsCount: 3, groupMovingTime: group })} />);
    expect(screen.getByTestId('activity-group-time').textContent).toBe(
      'Group moving time: about 4 h 10 min, set by the climb, for 1 person',
    );
    // Not calibrated (fewer than three past outings): no line about it.
    expect(screen.queryByTestId('activity-group-calibration')).toBeNull();
    cleanup();
    await i18n.changeLanguage('it');
    const two = { ...group, limitedBy: 'PACE' as const, limitingCount: 2, includesClimb: false };
    render(<GroupMovingTime activity={anActivity({ participantsCount: 3, groupMovingTime: two })} />);
    expect(screen.getByTestId('activity-group-time').textContent).toBe(
      'Tempo di movimento del gruppo: circa 4 h 10 min, dettato dal ritmo di 2 persone (senza la salita: il dislivello non è noto)',
    );
  });

  it('stays hidden for one person alone and for a sport without a model', () => {
    render(<GroupMovingTime activity={anActivity({ participantsCount: 1, groupMovingTime: group })} />);
    expect(screen.queryByTestId('activity-group-time')).toBeNull();
    render(<GroupMovingTime activity={anActivity({ participantsCount: 4, groupMovingTime: null })} />);
    expect(screen.queryByTestId('activity-group-time')).toBeNull();
  });
});

describe('how past outings calibrated it (issue 42)', () => {
  it('says how many of this group’s outings it learnt from and how much longer they took, under the figure', () => {
    const calibrated = {
      ...group,
      minutes: 280,
      calibration: { scope: 'GROUP' as const, outings: 5, factor: 1.12 },
    };
    render(<GroupMovingTime activity={anActivity({ participantsCount: 3, groupMovingTime: calibrated })} />);
    expect(screen.getByTestId('activity-group-time').textContent).toBe(
      'Group moving time: about 4 h 40 min, set by the climb, for 1 person',
    );
    expect(screen.getByTestId('activity-group-calibration').textContent).toBe(
      'Calibrated on 5 past outings of this group: they took 12% longer than the model',
    );
  });

  it('names the sport when it learnt from every outing of it here, and says "less time" when they were faster', async () => {
    stubCalls({
      'sport/list-all': () => ({
        sports: [
          aSport({
            sportId: 'hiking',
            name: 'Hiking',
            names: { en: 'Hiking', it: 'Escursionismo', de: 'Wandern', fr: 'Randonnée', es: 'Senderismo' },
          }),
        ],
      }),
    });
    const faster = { ...group, calibration: { scope: 'SPORT' as const, outings: 40, factor: 0.9 } };
    const show = () =>
      render(
        <QueryClientProvider client={createQueryClient()}>
          <GroupMovingTime
            activity={anActivity({ sportId: 'hiking', participantsCount: 3, groupMovingTime: faster })}
          />
        </QueryClientProvider>,
      );
    show();
    await eventually(() =>
      expect(screen.getByTestId('activity-group-calibration').textContent).toBe(
        'Calibrated on 40 past outings here (Hiking): they took 10% less time than the model',
      ),
    );
    cleanup();
    await i18n.changeLanguage('it');
    show();
    await eventually(() =>
      expect(screen.getByTestId('activity-group-calibration').textContent).toBe(
        'Calibrato su 40 uscite passate in zona (Escursionismo): ci hanno messo il 10% in meno del modello',
      ),
    );
  });
});
