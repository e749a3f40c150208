import type { ActivitySafety } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { DeviceLocationContext, fakeLocation } from '../../location/geolocation.ts';
import { createQueryClient } from '../queryClient.ts';
import { usePositionSharing } from './safety.ts';

// The app's one socket, faked: it records what the phone sends and answers as the server would.
const live = vi.hoisted(() => ({
  sent: [] as unknown[],
  answer: { ok: true } as { ok: true } | { ok: false; code: string },
}));
vi.mock('../../chat/realtime.ts', () => ({
  realtimeLink: () => ({
    emit: (_event: string, payload: unknown, ack: (answer: unknown) => void) => {
      live.sent.push(payload);
      ack(live.answer);
    },
  }),
}));

const safety = (state: ActivitySafety['state'], me: Partial<ActivitySafety['me']> = {}): ActivitySafety => ({
  activityId: 'a1',
  plannedReturnAt: '2026-11-28T16:00:00.000Z',
  plannedReturnSet: false,
  opensAt: '2026-11-28T07:30:00.000Z',
  closesAt: '2026-11-28T18:00:00.000Z',
  state,
  allBackAt: null,
  me: { sharing: true, economy: false, backAt: null, emergencyContacts: 1, ...me },
  people: [],
});

function Sharing({ loop }: { loop: ActivitySafety | undefined }) {
  usePositionSharing('a1', loop);
  return null;
}

function setup(loop: ActivitySafety | undefined) {
  const location = fakeLocation({ ok: false, reason: 'DENIED' });
  const client = createQueryClient();
  const ui = (l: ActivitySafety | undefined) => (
    <QueryClientProvider client={client}>
      <DeviceLocationContext value={location}>
        <Sharing loop={l} />
      </DeviceLocationContext>
    </QueryClientProvider>
  );
  const view = render(ui(loop));
  return { location, rerender: (l: ActivitySafety | undefined) => view.rerender(ui(l)) };
}

beforeEach(() => {
  live.sent = [];
  live.answer = { ok: true };
});
afterEach(cleanup);

describe('usePositionSharing: the watch runs during the safety window only', () => {
  it('does not watch before the window, nor in it without sharing, nor once back', () => {
    expect(setup(safety('BEFORE', { sharing: false })).location.watching).toHaveLength(0);
    cleanup();
    expect(setup(safety('OPEN', { sharing: false })).location.watching).toHaveLength(0);
    cleanup();
    expect(setup(safety('OPEN', { backAt: '2026-11-28T15:00:00.000Z' })).location.watching).toHaveLength(0);
    cleanup();
    expect(setup(undefined).location.watching).toHaveLength(0);
  });

  it('starts when the window opens with sharing on, with the notice and explanation in the app language', () => {
    const { location, rerender } = setup(safety('BEFORE', { sharing: false }));
    rerender(safety('OPEN', { sharing: true }));
    expect(location.watching).toHaveLength(1);
    expect(location.watching[0]).toMatchObject({
      economy: false,
      notice: { title: 'Cordata is sharing your position' },
    });
  });

  it('starts when the person turns sharing on, and restarts in economy mode when they choose it', () => {
    const { location, rerender } = setup(safety('OPEN', { sharing: false }));
    rerender(safety('OPEN'));
    expect(location.watching.map((o) => o.economy)).toEqual([false]);
    rerender(safety('OPEN', { economy: true }));
    expect(location.watching.map((o) => o.economy)).toEqual([true]);
  });

  it('stops at "I\'m back"', () => {
    const { location, rerender } = setup(safety('OPEN'));
    expect(location.watching).toHaveLength(1);
    rerender(safety('OPEN', { backAt: '2026-11-28T15:00:00.000Z' }));
    expect(location.watching).toHaveLength(0);
  });

  it("stops at the window's end", () => {
    const { location, rerender } = setup(safety('OPEN'));
    rerender(safety('CLOSED'));
    expect(location.watching).toHaveLength(0);
  });

  it('sends each fix over the socket, and stops when the server refuses it (window closed)', () => {
    const { location } = setup(safety('OPEN'));
    act(() => location.onFix?.({ latitude: 45.9, longitude: 7.8, accuracy: 12 }));
    expect(live.sent).toEqual([{ activityId: 'a1', latitude: 45.9, longitude: 7.8, accuracy: 12 }]);
    live.answer = { ok: false, code: 'SAFETY_WINDOW_CLOSED' };
    act(() => location.onFix?.({ latitude: 45.91, longitude: 7.8 }));
    expect(location.watching).toHaveLength(0);
    act(() => location.onFix?.({ latitude: 45.92, longitude: 7.8 }));
    expect(live.sent).toHaveLength(2);
  });
});
