import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { useAuthStore } from '../../state/auth.ts';
import { ownProfileQueryKey } from '../../state/queries/profile.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { PartnerFitLine, PartnerFitTag } from './PartnerFit.tsx';

const route = { sportId: 'running', totalDistance: 21_000, totalElevationGain: 300, requiredTime: 120 };

type Level = { sportId: string; intensity: { kind: string; value: number } };

function renderWith(sports: Level[], ui: React.ReactNode, paceGroupLevels: (Level & { subgroupName: string })[] = []) {
  const client = createQueryClient();
  client.setQueryData(ownProfileQueryKey, { user: { userId: 'me', sports, paceGroupLevels } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => useAuthStore.setState({ jwt: 'token', completed: true }));
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('partner fit on the card and the page', () => {
  it('says why a route is above my level, in English and Italian', async () => {
    const running = [{ sportId: 'running', intensity: { kind: 'DISTANCE', value: 12_000 } }];
    renderWith(running, <PartnerFitLine activity={route} />);
    expect(screen.getByTestId('activity-fit').textContent).toBe('Above your level: 21 km, you go up to 12 km');
    cleanup();
    await i18n.changeLanguage('it');
    renderWith(running, <PartnerFitLine activity={route} />);
    expect(screen.getByTestId('activity-fit').textContent).toBe('Oltre il tuo livello: 21 km, tu arrivi fino a 12 km');
  });

  it('tags the card within, a stretch or above, and says nothing for a sport I did not declare', () => {
    renderWith(
      [{ sportId: 'running', intensity: { kind: 'DISTANCE', value: 18_000 } }],
      <PartnerFitTag activity={route} />,
    );
    expect(screen.getByTestId('activity-card-fit').textContent).toBe('A stretch for you');
    cleanup();
    renderWith([{ sportId: 'running', intensity: { kind: 'PACE', value: 300 } }], <PartnerFitTag activity={route} />);
    // 21 km in 120 min asks 5:43 per km of a 5:00 runner: within.
    expect(screen.getByTestId('activity-card-fit').textContent).toBe('Within your level');
    cleanup();
    renderWith(
      [{ sportId: 'hiking', intensity: { kind: 'DISTANCE', value: 1_000 } }],
      <PartnerFitTag activity={route} />,
    );
    expect(screen.queryByTestId('activity-card-fit')).toBeNull();
  });

  it('says the route does not tell, rather than guessing, when the figure is missing', () => {
    const noTime = { ...route, requiredTime: null };
    renderWith([{ sportId: 'running', intensity: { kind: 'TIME', value: 90 } }], <PartnerFitLine activity={noTime} />);
    expect(screen.getByTestId('activity-fit').textContent).toBe(
      'No required time is given to compare with your level.',
    );
    cleanup();
    renderWith([{ sportId: 'running', intensity: { kind: 'TIME', value: 90 } }], <PartnerFitTag activity={noTime} />);
    expect(screen.queryByTestId('activity-card-fit')).toBeNull();
  });

  it("goes by my pace groups' levels in a sport I declared none for, the best of them, and says so (issue 40)", () => {
    const paceGroups = [
      { sportId: 'running', intensity: { kind: 'DISTANCE', value: 10_000 }, subgroupName: 'Social' },
      { sportId: 'running', intensity: { kind: 'DISTANCE', value: 25_000 }, subgroupName: 'A 12 kmh' },
    ];
    renderWith([], <PartnerFitLine activity={route} />, paceGroups);
    expect(screen.getByTestId('activity-fit').textContent).toBe(
      'Within your level: 21 km, you go up to 25 km (the level of your pace group A 12 kmh: you declared none for this sport)',
    );
    cleanup();
    // A level of my own wins.
    renderWith(
      [{ sportId: 'running', intensity: { kind: 'DISTANCE', value: 12_000 } }],
      <PartnerFitLine activity={route} />,
      paceGroups,
    );
    expect(screen.getByTestId('activity-fit').textContent).toBe('Above your level: 21 km, you go up to 12 km');
  });
});
