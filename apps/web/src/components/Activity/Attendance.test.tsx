import type { Activity, AttendanceEntry } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ensureDeviceKey, queuedEvents } from '../../offline/queue.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubApi, stubCalls } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { anActivity, anOwnUser, aUser } from '../../testing/fixtures.ts';
import { useToastStore } from '../toast.ts';
import { AttendancePanel, OwnAttendanceRecord, RequesterRecord } from './Attendance.tsx';

const ACTIVITY = '01900000-0000-7000-8000-0000000000aa';
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const activity = (over: Partial<Activity>) =>
  anActivity({ activityId: ACTIVITY, startsAt: at(-60), endsAt: at(60), ...over });
const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
const record = (over = {}) => ({
  attended: 18,
  noShows: 1,
  lateCancels: 1,
  excused: 2,
  reliability: 0.9,
  reliabilityOver: 20,
  ...over,
});

signedInInEnglish();

describe('the tick list', () => {
  it('marks a person with one tap and shows the answer; it waits for the start', async () => {
    const ann = aUser({ firstName: 'Ann', lastName: 'Lee' });
    const entry = (status: AttendanceEntry['status']): AttendanceEntry => ({
      ...ann,
      status,
      markedAt: status ? at(0) : null,
      participating: true,
      recorded: false,
    });
    const sheet = (status: AttendanceEntry['status']) => ({
      sheet: { opensAt: at(-60), closesAt: at(7 * 24 * 60), entries: [entry(status)] },
    });
    const calls = stubCalls({
      'attendance/list-sheet': () => sheet(null),
      'attendance/mark': () => sheet('NO_SHOW'),
    });
    const { unmount } = wrap(
      <AttendancePanel activity={activity({ isAdmin: true, takesAttendance: true, startsAt: at(30) })} />,
    );
    expect(screen.queryByTestId('attendance-sheet')).toBeNull();
    unmount();

    wrap(<AttendancePanel activity={activity({ isAdmin: true, takesAttendance: true, status: 'PARTICIPATING' })} />);
    const noShow = await screen.findByRole('button', { name: 'Ann Lee: No-show' });
    fireEvent.click(noShow);
    await eventually(() => expect(screen.getByTestId('attendance-status').textContent).toBe('No-show'));
    expect(calls.find((c) => c.path === 'attendance/mark')?.body).toEqual({
      activityId: ACTIVITY,
      userId: ann.userId,
      mark: 'NO_SHOW',
    });
    expect(noShow.getAttribute('aria-pressed')).toBe('true');
  });

  it("is a group activity's ride leader's too, and nobody else's (issue 40)", async () => {
    stubCalls({ 'attendance/list-sheet': () => ({ sheet: { opensAt: at(-60), closesAt: at(60), entries: [] } }) });
    const { unmount } = wrap(<AttendancePanel activity={activity({ status: 'NONE', takesAttendance: false })} />);
    expect(screen.queryByTestId('attendance-sheet')).toBeNull();
    unmount();
    wrap(<AttendancePanel activity={activity({ isAdmin: false, takesAttendance: true, status: 'NONE' })} />);
    await screen.findByTestId('attendance-sheet');
  });
});

describe('attendance suggested by recordings (issue 42)', () => {
  const ann = aUser({ userId: '01900000-0000-7000-8000-00000000a0a1', firstName: 'Ann', lastName: 'Lee' });
  const ben = aUser({ userId: '01900000-0000-7000-8000-00000000a0b2', firstName: 'Ben', lastName: 'Neri' });
  const cleo = aUser({ userId: '01900000-0000-7000-8000-00000000a0c3', firstName: 'Cleo', lastName: 'Riva' });
  const entry = (person: typeof ann, over: Partial<AttendanceEntry>): AttendanceEntry => ({
    ...person,
    status: null,
    markedAt: null,
    participating: true,
    recorded: false,
    ...over,
  });
  const sheetOf = (entries: AttendanceEntry[]) => ({
    sheet: { opensAt: at(-60), closesAt: at(7 * 24 * 60), entries },
  });

  it('asks about each unmarked person whose recording matches, and confirms them all in one tap', async () => {
    const before = [
      entry(ann, { recorded: true }),
      entry(ben, { recorded: true }),
      // Marked already: the recording suggests nothing more.
      entry(cleo, { recorded: true, status: 'NO_SHOW', markedAt: at(0) }),
    ];
    const after = [
      entry(ann, { recorded: true, status: 'ATTENDED', markedAt: at(0) }),
      entry(ben, { recorded: true, status: 'ATTENDED', markedAt: at(0) }),
      before[2]!,
    ];
    const calls = stubCalls({
      'attendance/list-sheet': () => sheetOf(before),
      'attendance/confirm-suggested': () => sheetOf(after),
    });
    wrap(<AttendancePanel activity={activity({ isAdmin: true, takesAttendance: true, status: 'PARTICIPATING' })} />);
    const confirm = await screen.findByTestId('attendance-confirm-suggested');
    expect(confirm.textContent).toBe('Confirm 2 suggested');
    const rows = screen.getAllByTestId('attendance-entry');
    expect(rows.map((r) => r.querySelector('[data-testid="attendance-suggested"]')?.textContent ?? '')).toEqual([
      'Recording matches: attended?',
      'Recording matches: attended?',
      '',
    ]);
    fireEvent.click(confirm);
    await eventually(() =>
      expect(screen.getAllByTestId('attendance-status').map((s) => s.textContent)).toEqual(['Came', 'Came', 'No-show']),
    );
    expect(calls.find((c) => c.path === 'attendance/confirm-suggested')?.body).toEqual({ activityId: ACTIVITY });
    expect(screen.queryByTestId('attendance-confirm-suggested')).toBeNull();
    expect(screen.queryByTestId('attendance-suggested')).toBeNull();
    await eventually(() => expect(useToastStore.getState().current?.description).toBe('Confirmed: 2 people came'));
  });

  it('offers nothing to confirm when no unmarked person has a matching recording', async () => {
    stubCalls({
      'attendance/list-sheet': () => sheetOf([entry(ann, {}), entry(ben, { recorded: true, status: 'ATTENDED' })]),
    });
    wrap(<AttendancePanel activity={activity({ isAdmin: true, takesAttendance: true, status: 'PARTICIPATING' })} />);
    await screen.findByTestId('attendance-sheet');
    expect(screen.queryByTestId('attendance-confirm-suggested')).toBeNull();
    expect(screen.queryByTestId('attendance-suggested')).toBeNull();
  });
});

describe('a mark without network', () => {
  it('is signed, kept with its time, shown on the list and said to be sent later', async () => {
    localStorage.clear();
    const ME = '01900000-0000-7000-8000-00000000a001';
    await ensureDeviceKey(ME, { register: async () => ({ deviceKeyId: '01900000-0000-7000-8000-00000000c001' }) });
    const ann = aUser({ firstName: 'Ann', lastName: 'Lee' });
    const entries: AttendanceEntry[] = [{ ...ann, status: null, markedAt: null, participating: true, recorded: false }];
    const calls = stubApi((path) => {
      if (path === 'attendance/mark') throw new TypeError('Failed to fetch');
      if (path === 'user/own-profile') return { json: { user: anOwnUser({ userId: ME }) } };
      return { json: { sheet: { opensAt: at(-60), closesAt: at(7 * 24 * 60), entries } } };
    });
    wrap(<AttendancePanel activity={activity({ isAdmin: true, takesAttendance: true, status: 'PARTICIPATING' })} />);
    await screen.findByTestId('attendance-sheet');
    // The organiser's id comes with their profile.
    await eventually(() => expect(calls.map((c) => c.path)).toContain('user/own-profile'));
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Ann Lee: Came' }));
    await eventually(() => expect(screen.getByTestId('attendance-status').textContent).toBe('Came'));
    expect(queuedEvents()).toMatchObject([
      {
        kind: 'ATTENDANCE_MARK',
        personId: ME,
        activityId: ACTIVITY,
        payload: { userId: ann.userId, mark: 'ATTENDED' },
      },
    ]);
    await eventually(() =>
      expect(useToastStore.getState().current?.description).toBe(
        'No network: the mark is saved on this phone and will be sent, with its time, as soon as the network returns',
      ),
    );
  });
});

describe('the check-in pass', () => {
  it('shows a participant the QR and its code from 2 h before the start until the end', async () => {
    stubCalls({
      'attendance/read-pass': () => ({
        pass: { qr: `cordata-checkin:${ACTIVITY}:ZA1CKBAQ`, code: 'ZA1C-KBAQ', closesAt: at(8 * 24 * 60) },
      }),
    });
    const { unmount } = wrap(
      <AttendancePanel activity={activity({ status: 'PARTICIPATING', startsAt: at(150), endsAt: at(270) })} />,
    );
    expect(screen.queryByTestId('attendance-pass')).toBeNull();
    unmount();
    const { unmount: gone } = wrap(
      <AttendancePanel activity={activity({ status: 'PARTICIPATING', startsAt: at(-180), endsAt: at(-1) })} />,
    );
    expect(screen.queryByTestId('attendance-pass')).toBeNull();
    gone();
    wrap(<AttendancePanel activity={activity({ status: 'PARTICIPATING', startsAt: at(90), endsAt: at(210) })} />);
    expect((await screen.findByTestId('attendance-pass-code')).textContent).toBe('ZA1C-KBAQ');
    expect(screen.getByTestId('attendance-qr').querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('is not even asked for by someone who does not take part', async () => {
    const calls = stubCalls({
      'attendance/read-pass': () => ({ pass: { qr: 'x', code: 'ZA1C-KBAQ', closesAt: at(8 * 24 * 60) } }),
    });
    wrap(<AttendancePanel activity={activity({ status: 'REQUESTED', startsAt: at(30) })} />);
    await act(async () => {});
    expect(calls.map((c) => c.path)).toEqual([]);
    expect(screen.queryByTestId('attendance-pass')).toBeNull();
  });
});

describe('records', () => {
  it('read "Attended 18 of 20" with the no-shows, late cancels, excused and the reliability', async () => {
    stubCalls({ 'attendance/read-record': () => ({ record: record() }) });
    wrap(<OwnAttendanceRecord />);
    expect((await screen.findByTestId('own-attendance-line')).textContent).toBe(
      'Attended 18 of 20 · 1 no-show · 1 late cancel · 2 excused',
    );
    expect(screen.getByTestId('own-reliability').textContent).toBe('Reliability 90% (your last 20)');
  });

  it('say when the reliability is not known yet, and nothing recorded for a newcomer requester', () => {
    const empty = record({
      attended: 0,
      noShows: 0,
      lateCancels: 0,
      excused: 0,
      reliability: null,
      reliabilityOver: 0,
    });
    render(<RequesterRecord record={empty} />);
    expect(screen.getByTestId('request-record').textContent).toBe('No attendance recorded yet');
  });
});
