import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index.ts';
import { createQueryClient } from '../../../../state/queryClient.ts';
import { signedInInEnglish, stubApi } from '../../../../testing/api-stub.ts';
import { type Draft, emptyDraft, useDraftStore } from '../draft.ts';
import { PublishStep } from './PublishStep.tsx';

signedInInEnglish();

/** The third date (Tue 15 Dec 2026) of "every other Tuesday and Thursday, 10 dates", with 17 Dec left out. */
const edit: Draft = {
  ...emptyDraft(),
  activityId: '01900000-0000-7000-8000-0000000000ac',
  name: 'Intervals',
  sportId: 'running',
  date: '2026-12-15',
  startTime: '18:30',
  endTime: '20:00',
  inSeries: true,
  seriesRule: {
    rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=10',
    startDate: '2026-12-01',
    exDates: ['2026-12-03', '2026-12-17'],
  },
};

beforeEach(() => {
  stubApi(() => ({ json: { sports: [] } }));
  useDraftStore.setState({ draft: edit, initial: edit, owner: null, saved: null, restored: null });
});

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PublishStep go={() => {}} close={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const field = (id: string) => screen.getByTestId(id) as HTMLInputElement & HTMLSelectElement;
const dayChecked = (day: string) =>
  (screen.getByTestId(`repeat-day-${day}`).querySelector('input') as HTMLInputElement).checked;

describe('"Change how it repeats" on an edit of several dates', () => {
  it("starts from the series' current rule, not from defaults", async () => {
    show();
    fireEvent.click(screen.getByTestId('choice-scope-FOLLOWING').querySelector('input')!);
    act(() => {
      fireEvent.click(screen.getByTestId('wizard-change-rule').querySelector('input')!);
    });
    expect(field('repeat-freq').value).toBe('WEEKLY');
    expect(field('repeat-interval').value).toBe('2');
    expect(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].filter(dayChecked)).toEqual(['TU', 'TH']);
    expect(field('repeat-ends').value).toBe('COUNT');
    expect(field('repeat-count').value).toBe('8');
    // The exception from the edited date on, which a tap puts back.
    expect(screen.getByTestId('repeat-exdates').textContent).toContain('Thu 17 Dec');
    expect(screen.queryByTestId('repeat-exdate-2026-12-03')).toBeNull();
    expect(screen.getByTestId('repeat-summary').textContent).toBe(
      'Every 2 weeks on Tuesday and Thursday at 18:30, 8\u00a0times',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Put back Thu 17 Dec' }));
    expect(screen.queryByTestId('repeat-exdates')).toBeNull();
    // Off, then on again: the current rule again.
    fireEvent.click(screen.getByTestId('wizard-change-rule').querySelector('input')!);
    fireEvent.click(screen.getByTestId('wizard-change-rule').querySelector('input')!);
    expect(field('repeat-count').value).toBe('8');
  });

  it('keeps "the last weekday of the month" as the series does it, in Italian', async () => {
    await i18n.changeLanguage('it');
    const monthly: Draft = {
      ...edit,
      date: '2026-12-31',
      seriesRule: { rule: 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', startDate: '2026-11-30', exDates: [] },
    };
    useDraftStore.setState({ draft: monthly, initial: monthly });
    show();
    fireEvent.click(screen.getByTestId('choice-scope-ALL').querySelector('input')!);
    fireEvent.click(screen.getByTestId('wizard-change-rule').querySelector('input')!);
    expect(field('repeat-freq').value).toBe('MONTHLY');
    expect(field('repeat-monthly-by').value).toBe('RULE');
    expect(field('repeat-monthly-by').selectedOptions[0]?.textContent).toBe('Come fa ora la serie');
    expect(field('repeat-ends').value).toBe('NEVER');
    expect(screen.getByTestId('repeat-summary').textContent).toBe(
      'Ogni mese, ultimo tra lunedì, martedì, mercoledì, giovedì o venerdì, alle 18:30',
    );
  });
});
