import type { Activity } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { useFeedbackStore } from '../feedback.ts';
import { ActivityBar } from './ActivityBar.tsx';

const ACTIVITY = '01900000-0000-7000-8000-0000000000ff';
const inTwoDays = (hours: number) => new Date(Date.now() + 48 * 3_600_000 + hours * 3_600_000).toISOString();

const activity = (over: Partial<Activity>) =>
  ({
    activityId: ACTIVITY,
    name: 'Morning run',
    status: 'NONE',
    isAdmin: false,
    isOnlyAdmin: false,
    access: 'OPEN',
    startsAt: inTwoDays(0),
    endsAt: inTwoDays(2),
    chatId: null,
    pendingRequestsCount: 0,
    blockedParticipantsCount: 0,
    group: null,
    ...over,
  }) as Activity;

const show = (a: Activity, onReport?: () => void) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ActivityBar activity={a} onReport={onReport} />
    </QueryClientProvider>,
  );

signedInInEnglish();

describe('the activity action bar', () => {
  it('leads with Join for a stranger, beside Share and Calendar, and offers Report in the menu', () => {
    show(activity({}), () => {});
    expect(screen.getByTestId('activity-action-join').textContent).toBe('Join');
    expect(screen.queryByTestId('activity-chat')).toBeNull();
    expect(screen.getByTestId('activity-share')).toBeTruthy();
    expect(screen.getByTestId('activity-add-to-calendar')).toBeTruthy();
    fireEvent.click(screen.getByTestId('activity-menu'));
    expect(screen.getByRole('menuitem', { name: 'Report' })).toBeTruthy();
  });

  it("says You're in to a participant, opens the chat, and keeps Leave in the menu", () => {
    show(activity({ status: 'PARTICIPATING', chatId: '01900000-0000-7000-8000-0000000000cc' }));
    expect(screen.getByTestId('activity-standing-in').textContent).toBe("You're in");
    expect(screen.getByTestId('activity-chat').textContent).toBe('Chat');
    fireEvent.click(screen.getByTestId('activity-menu'));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Leave']);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Leave' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('activity-menu'));
  });

  it('keeps Delete apart from Edit for an admin, with no Report', () => {
    show(activity({ status: 'PARTICIPATING', isAdmin: true, access: 'CLOSED', pendingRequestsCount: 2 }));
    fireEvent.click(screen.getByTestId('activity-menu'));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Edit', 'Invite', 'Requests (2)', 'Leave', 'Delete']);
    expect(items.at(-1)!.className).toContain('apart');
    expect(items.at(-1)!.className).toContain('destructive');
  });

  it('warns the only admin before leaving, without calling the server', async () => {
    const calls = stubApi(() => ({ json: {} }));
    show(activity({ status: 'PARTICIPATING', isAdmin: true, isOnlyAdmin: true }));
    fireEvent.click(screen.getByTestId('activity-menu'));
    fireEvent.click(screen.getByTestId('activity-action-leave'));
    await vi.waitFor(() => expect(useFeedbackStore.getState().current?.title).toBe('You are the only admin'));
    expect(calls.some((c) => c.path === 'activity/exit')).toBe(false);
  });

  it('hands the calendar file over', async () => {
    const calls = stubApi(() => ({ json: { fileName: 'morning-run.ics', ics: 'BEGIN:VCALENDAR' } }));
    const created = vi.fn(() => 'blob:calendar');
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    show(activity({}));
    fireEvent.click(screen.getByTestId('activity-add-to-calendar'));
    await vi.waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ path: 'calendar/activity-ics', body: { activityId: ACTIVITY } });
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('morning-run.ics');
  });
});
