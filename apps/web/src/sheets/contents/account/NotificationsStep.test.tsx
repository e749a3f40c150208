import type { NotificationPreferences } from '@cordata/contract';
import { NOTIFICATION_TYPES } from '@cordata/contract/enums';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../../testing/api-stub.ts';
import { eventually } from '../../../testing/eventually.ts';
import { NotificationsStep } from './SettingsSections.tsx';

signedInInEnglish();

const all = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])) as NotificationPreferences;

describe("the organiser's notification switches", () => {
  it('has one for joins, waitlist joins, late leaves and taken seats, and saves a change', async () => {
    const calls = stubCalls({
      'user/own-notification-preferences': () => ({ preferences: all, reminderMinutes: 60 }),
      'user/update-notification-preferences': (body) => ({
        preferences: { ...all, ...body.preferences },
        reminderMinutes: 60,
      }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <NotificationsStep />
      </QueryClientProvider>,
    );
    const joined = await screen.findByTestId('notification-pref-ACTIVITY_JOINED');
    expect(joined.closest('label')?.textContent).toBe('Someone joins your activity');
    for (const type of ['ACTIVITY_WAITLISTED', 'ACTIVITY_SEAT_TAKEN', 'ACTIVITY_LATE_LEAVE'])
      expect((screen.getByTestId(`notification-pref-${type}`) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(joined);
    fireEvent.click(screen.getByTestId('notifications-save'));
    await eventually(() =>
      expect(calls.find((c) => c.path === 'user/update-notification-preferences')?.body).toMatchObject({
        preferences: { ACTIVITY_JOINED: false },
      }),
    );
  });
});
