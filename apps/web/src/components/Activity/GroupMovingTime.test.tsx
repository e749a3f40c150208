import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { anActivity } from '../../testing/fixtures.ts';
import { GroupMovingTime } from './GroupMovingTime.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const group = { minutes: 250, includesClimb: true, limitedBy: 'CLIMB' as const, limitingCount: 1 };

describe('the group moving time on the page', () => {
  it('names the factor that sets it and for how many people, in English and Italian', async () => {
    render(<GroupMovingTime activity={anActivity({ participantsCount: 3, groupMovingTime: group })} />);
    expect(screen.getByTestId('activity-group-time').textContent).toBe(
      'Group moving time: about 4 h 10 min, set by the climb, for 1 person',
    );
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
