import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { GradeFacts, GradesPanel } from './Grades.tsx';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const graded = {
  grades: [{ scale: 'SAC' as const, grade: 'T3' }],
  hazards: ['EXPOSURE' as const, 'FERRY' as const],
};

describe('standard grades on the page and the card (issue 24)', () => {
  it('names the grade and every hazard on the page, in English and Italian', async () => {
    render(<GradesPanel activity={graded} />);
    expect(screen.getByTestId('activity-grade-SAC').textContent).toBe(
      'SAC hiking scale T3 · Demanding mountain hiking',
    );
    expect(screen.getByTestId('activity-hazard-EXPOSURE').textContent).toBe('⚠ Exposure');
    expect(screen.getByTestId('activity-hazard-FERRY').textContent).toBe('⚠ Ferry');
    cleanup();
    await i18n.changeLanguage('it');
    render(<GradesPanel activity={graded} />);
    expect(screen.getByTestId('activity-grade-SAC').textContent).toBe(
      'Scala escursionistica SAC T3 · Escursionismo di montagna impegnativo',
    );
    expect(screen.getByTestId('activity-hazard-EXPOSURE').textContent).toBe('⚠ Tratti esposti');
  });

  it('shows a grade without an everyday name as it is, and nothing at all when ungraded', () => {
    render(<GradesPanel activity={{ grades: [{ scale: 'FRENCH', grade: '6a+' }], hazards: [] }} />);
    expect(screen.getByTestId('activity-grade-FRENCH').textContent).toBe('French 6a+');
    expect(screen.queryByRole('list', { name: 'Hazards on the route' })).toBeNull();
    cleanup();
    render(<GradesPanel activity={{ grades: [], hazards: [] }} />);
    expect(screen.queryByTestId('activity-grades')).toBeNull();
  });

  it('puts the grade and the first hazard on the card, compactly', () => {
    render(
      <div>
        <GradeFacts activity={graded} />
      </div>,
    );
    expect(screen.getByTestId('activity-card-grade-SAC').textContent).toBe('SAC T3');
    expect(screen.getByTestId('activity-card-hazards').textContent).toBe('⚠ Exposure +1');
  });
});
