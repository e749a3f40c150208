import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { anActivity, id } from '../../testing/fixtures.ts';
import { ActivityDetails } from './ActivityDetails.tsx';

vi.mock('../Map/MapCanvas.tsx', () => ({ default: () => null }));
signedInInEnglish();

const dateId = id(0xc1);
/** The server's answer to someone who was in a cancelled date, or to anyone else. */
const cancelled = {
  status: 409,
  json: {
    error: {
      code: 'ACTIVITY_CANCELLED',
      message: 'This activity was cancelled',
      details: { activityId: dateId, name: 'Tuesday intervals', date: '2026-12-08', startTime: '18:30' },
    },
  },
};

const open = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[`/view-activity/${dateId}`]}>
        <Routes>
          <Route path="/view-activity/:activityId" element={<ActivityDetails activityId={dateId} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('a cancelled date opened from its notification', () => {
  it('says it was cancelled, with its name and when it was, never "not found"', async () => {
    stubApi(() => cancelled);
    open();
    expect((await screen.findByTestId('activity-cancelled')).textContent).toContain('Cancelled');
    expect(screen.getByTestId('activity-cancelled-name').textContent).toContain('Tuesday intervals');
    expect(screen.getByTestId('activity-cancelled-when').textContent).toContain('Tuesday, 8 December 2026 · 18:30');
    expect(screen.queryByTestId('activity-not-found')).toBeNull();
  });

  it('speaks Italian', async () => {
    await i18n.changeLanguage('it');
    stubApi(() => cancelled);
    open();
    expect((await screen.findByTestId('activity-cancelled')).textContent).toContain('Annullata');
    expect(screen.getByTestId('activity-cancelled-when').textContent).toContain('martedì 8 dicembre 2026 · 18:30');
    expect(screen.getByTestId('activity-cancelled-calendar').textContent).toContain('Vai al tuo calendario');
  });

  it('replaces a page kept from before it was cancelled', async () => {
    const client = createQueryClient();
    let gone = false;
    stubApi((path) => {
      if (path === 'sport/list-all') return { json: { sports: [] } };
      if (path !== 'activity/read-info') return { status: 404, json: { error: { code: 'NOT_FOUND', message: 'x' } } };
      return gone ? cancelled : { json: { activity: anActivity({ activityId: dateId, name: 'Tuesday intervals' }) } };
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ActivityDetails activityId={dateId} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByTestId('activity-details');
    gone = true;
    await act(() => client.refetchQueries());
    expect((await screen.findByTestId('activity-cancelled')).textContent).toContain('Cancelled');
    expect(screen.queryByTestId('activity-details')).toBeNull();
  });

  it('stays "not found" for whoever was not in it', async () => {
    stubApi(() => ({ status: 404, json: { error: { code: 'ACTIVITY_NOT_FOUND', message: 'x' } } }));
    open();
    expect(await screen.findByTestId('activity-not-found')).toBeTruthy();
  });
});
