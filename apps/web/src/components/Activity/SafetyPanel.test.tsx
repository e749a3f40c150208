import type { ActivitySafety, QueuedEvent } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { queuedEvents } from '../../offline/queue.ts';
import { useQueueSender } from '../../offline/useQueueSender.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import { anActivity, aUser } from '../../testing/fixtures.ts';
import { SafetyPanel } from './SafetyPanel.tsx';

signedInInEnglish();
beforeEach(() => localStorage.clear());

const ME = '01900000-0000-7000-8000-00000000a001';
const KEY_ID = '01900000-0000-7000-8000-00000000c001';
const activity = anActivity({ status: 'PARTICIPATING' });
const safety: ActivitySafety = {
  activityId: activity.activityId,
  plannedReturnAt: '2026-07-01T16:00:00.000Z',
  plannedReturnSet: false,
  opensAt: '2026-07-01T06:30:00.000Z',
  closesAt: '2026-07-01T18:00:00.000Z',
  state: 'OPEN',
  allBackAt: null,
  me: { sharing: false, economy: false, backAt: null, emergencyContacts: 1 },
  people: [
    {
      user: aUser({ userId: ME }),
      isOrganiser: false,
      backAt: null,
      sharing: false,
      lastFix: null,
      alertedAt: null,
      contactsMailedAt: null,
    },
  ],
};

function Sender() {
  useQueueSender();
  return null;
}

/** The panel, with a server that is out of reach while `network.up` is false. */
function showPanel() {
  const network = { up: true };
  const delivered: QueuedEvent[][] = [];
  const calls = stubApi((path, body) => {
    if (!network.up) throw new TypeError('Failed to fetch');
    if (path === 'safety/register-device-key') return { json: { deviceKeyId: KEY_ID } };
    if (path === 'safety/deliver-queued') {
      const { events } = body as { events: QueuedEvent[] };
      delivered.push(events);
      return { json: { results: events.map((e) => ({ id: e.id, status: 'ACCEPTED', code: null })) } };
    }
    return { json: { safety } };
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Sender />
      <SafetyPanel activity={activity} safety={safety} ownUserId={ME} withMap={false} />
    </QueryClientProvider>,
  );
  return { network, delivered, calls };
}

describe('"I\'m back" without signal', () => {
  it('is saved with its time, said so, and sent with that time when the network returns', async () => {
    const { network, delivered, calls } = showPanel();
    // The phone registers its key while it has signal.
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('safety/register-device-key'));
    await waitFor(() => expect(localStorage.getItem(`cordata:device-key:${ME}`)).toContain(KEY_ID));

    network.up = false;
    fireEvent.click(screen.getByTestId('safety-back'));
    const notice = await screen.findByTestId('safety-back-queued');
    const [queued] = queuedEvents();
    expect(queued).toMatchObject({ kind: 'BACK', personId: ME, activityId: activity.activityId });
    const time = new Intl.DateTimeFormat('en', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: activity.timeZone,
    }).format(new Date(queued!.occurredAt));
    expect(notice.textContent).toBe(
      `No network: your check-in at ${time} is saved on this phone and will be sent, with that time, as soon as the network returns`,
    );

    network.up = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(delivered).toHaveLength(1));
    expect(delivered[0]).toEqual([queued]);
    await waitFor(() => expect(screen.queryByTestId('safety-back-queued')).toBeNull());
  });

  it('in Italian', async () => {
    await i18n.changeLanguage('it');
    const { network, calls } = showPanel();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('safety/register-device-key'));
    await waitFor(() => expect(localStorage.getItem(`cordata:device-key:${ME}`)).toContain(KEY_ID));
    network.up = false;
    fireEvent.click(screen.getByTestId('safety-back'));
    expect((await screen.findByTestId('safety-back-queued')).textContent).toMatch(
      /^Nessuna rete: il rientro delle \d\d:\d\d è salvato su questo telefono/,
    );
  });
});
