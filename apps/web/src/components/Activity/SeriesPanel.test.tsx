import type { Series } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { anActivity, id } from '../../testing/fixtures.ts';
import { useFeedbackStore } from '../feedback.ts';
import { SeriesPanel } from './SeriesPanel.tsx';

signedInInEnglish();

const ref = { seriesId: id(0x5e), rule: 'FREQ=WEEKLY;BYDAY=TU', startDate: '2030-01-01', exDates: [] };
const series = (over: Partial<Series> = {}): Series => ({
  ...ref,
  name: 'Tuesday intervals',
  startTime: '18:30',
  endTime: '20:00',
  timeZone: 'Europe/Rome',
  ended: false,
  joined: true,
  isAdmin: true,
  nextDates: [],
  ...over,
});
const date = anActivity({
  activityId: id(0xff),
  isAdmin: true,
  status: 'PARTICIPATING',
  startsAt: '2030-01-08T17:30:00.000Z',
  series: { ...ref, occurrenceDate: '2030-01-08' },
});
const show = () =>
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <SeriesPanel activity={date} />
      </QueryClientProvider>
    </MemoryRouter>,
  );

describe('cancelling dates of a series', () => {
  it('cancels this and the following dates after confirming', async () => {
    const calls = stubCalls({
      'series/read-info': () => ({ series: series() }),
      'series/cancel': () => ({ cancelled: 3 }),
    });
    show();
    fireEvent.click(await screen.findByTestId('series-cancel-following'));
    await eventually(() =>
      expect(useFeedbackStore.getState().current?.title).toBe('Cancel this and the following dates'),
    );
    expect(calls.map((c) => c.path)).not.toContain('series/cancel');
    useFeedbackStore.getState().dismiss(true);
    await eventually(() =>
      expect(calls.find((c) => c.path === 'series/cancel')?.body).toEqual({ activityId: id(0xff), scope: 'FOLLOWING' }),
    );
  });

  it('offers only this date once the series has ended with it', async () => {
    stubCalls({ 'series/read-info': () => ({ series: series({ ended: true }) }) });
    show();
    await screen.findByTestId('series-cancel-date');
    expect(screen.queryByTestId('series-cancel-following')).toBeNull();
  });

  it('still offers the following dates of a series whose every date is made (COUNT reached)', async () => {
    const made = (day: string, n: number) => ({
      date: day,
      activityId: id(n),
      startsAt: `${day}T17:30:00.000Z`,
      status: 'PARTICIPATING' as const,
      skipped: false,
    });
    stubCalls({
      'series/read-info': () => ({
        series: series({ ended: true, nextDates: [made('2030-01-08', 0xff), made('2030-01-15', 1)] }),
      }),
    });
    show();
    expect(await screen.findByTestId('series-cancel-following')).toBeTruthy();
  });
});
