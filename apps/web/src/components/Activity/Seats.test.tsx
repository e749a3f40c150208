import type { Activity } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import { anActivity, anActivitySummary, aUser } from '../../testing/fixtures.ts';
import { useFeedbackStore } from '../feedback.ts';
import { ActivityBar } from './ActivityBar.tsx';
import { ActivityCard } from './ActivityCard.tsx';
import { OrganiserWaitlist, SeatsNotice, SeatsTag } from './Seats.tsx';

const ACTIVITY = '01900000-0000-7000-8000-0000000000ff';
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const activity = (over: Partial<Activity>) =>
  anActivity({ activityId: ACTIVITY, startsAt: later(48 * 60), endsAt: later(50 * 60), ...over });
const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);

signedInInEnglish();

describe('seats on the card', () => {
  it('says how many are left, or that the activity is full; nothing without seats', () => {
    const { rerender } = render(<SeatsTag activity={anActivitySummary({ seats: 8, seatsLeft: 3 })} />);
    expect(screen.getByTestId('activity-card-seats').textContent).toBe('3 seats left');
    rerender(<SeatsTag activity={anActivitySummary({ seats: 8, seatsLeft: 1 })} />);
    expect(screen.getByTestId('activity-card-seats').textContent).toBe('1 seat left');
    rerender(<SeatsTag activity={anActivitySummary({ seats: 8, seatsLeft: 0 })} />);
    expect(screen.getByTestId('activity-card-seats').textContent).toBe('Full — join the waitlist');
    rerender(<SeatsTag activity={anActivitySummary({ seats: null, seatsLeft: null })} />);
    expect(screen.queryByTestId('activity-card-seats')).toBeNull();
  });
});

describe("seats on the card of one's own activity", () => {
  const full = { seats: 3, seatsLeft: 0 };
  it('never tells the organiser, a participant or a waiting person to join the waitlist', () => {
    const { rerender } = render(
      <SeatsTag activity={anActivitySummary({ ...full, isAdmin: true, status: 'PARTICIPATING' })} />,
    );
    expect(screen.getByTestId('activity-card-seats').textContent).toBe('You organise · every seat taken');
    expect(screen.getByTestId('activity-card-seats').className).not.toContain('seats-full');
    rerender(<SeatsTag activity={anActivitySummary({ ...full, status: 'PARTICIPATING' })} />);
    expect(screen.getByTestId('activity-card-seats').textContent).toBe("You're in · every seat taken");
    rerender(<SeatsTag activity={anActivitySummary({ ...full, status: 'WAITLISTED' })} />);
    expect(screen.getByTestId('activity-card-seats').textContent).toBe('Full · you are on the waitlist');
    rerender(
      <SeatsTag activity={anActivitySummary({ ...full, isAdmin: true, status: 'PARTICIPATING', seatsLeft: 2 })} />,
    );
    expect(screen.getByTestId('activity-card-seats').textContent).toBe('2 seats left');
  });

  it('the card in the calendar and the lists shows it as theirs', () => {
    wrap(
      <ul>
        <ActivityCard activity={anActivitySummary({ ...full, isAdmin: true, status: 'PARTICIPATING' })} />
      </ul>,
    );
    expect(screen.getByTestId('activity-card').textContent).toContain('You organise · every seat taken');
    expect(screen.getByTestId('activity-card').textContent).not.toContain('join the waitlist');
  });
});

describe('the waitlist on the page', () => {
  it('the bar offers the waitlist when full, then shows the place', () => {
    const { unmount } = wrap(<ActivityBar activity={activity({ seats: 3, seatsLeft: 0 })} />);
    expect(screen.getByTestId('activity-action-join').textContent).toBe('Full — join the waitlist');
    unmount();
    wrap(
      <ActivityBar
        activity={activity({
          status: 'WAITLISTED',
          seats: 3,
          seatsLeft: 0,
          waitlist: { position: 2, offerExpiresAt: null },
        })}
      />,
    );
    expect(screen.getByTestId('activity-standing-waitlisted').textContent).toBe('On the waitlist · #2');
  });

  it('an offer counts down, and claiming calls claim-seat', async () => {
    const calls = stubCalls({ 'activity/claim-seat': () => ({ activity: activity({ status: 'PARTICIPATING' }) }) });
    const offered = activity({ status: 'WAITLISTED', waitlist: { position: 1, offerExpiresAt: later(90) } });
    wrap(<SeatsNotice activity={offered} />);
    expect(screen.getByTestId('seat-offer-countdown').textContent).toMatch(/^Claim it within 1 h (29|30) min/);
    fireEvent.click(screen.getByTestId('seat-claim'));
    await eventually(() => expect(calls.map((c) => c.path)).toContain('activity/claim-seat'));
  });

  it('an offer that ran out shows the place instead', () => {
    const gone = activity({ status: 'WAITLISTED', waitlist: { position: 1, offerExpiresAt: later(-1) } });
    wrap(<SeatsNotice activity={gone} />);
    expect(screen.queryByTestId('seat-offer')).toBeNull();
    expect(screen.getByTestId('waitlist-position').textContent).toContain('number 1');
  });

  it('organisers move people and see the log', async () => {
    const [ann, ben] = [
      aUser({ userId: '01900000-0000-7000-8000-0000000000a1', firstName: 'Ann', lastName: 'A' }),
      aUser({ userId: '01900000-0000-7000-8000-0000000000b2', firstName: 'Ben', lastName: 'B' }),
    ];
    const entry = (u: typeof ann, position: number) => ({
      ...u,
      position,
      waitlistedAt: later(-60),
      offerExpiresAt: null,
    });
    const calls = stubCalls({
      'activity/list-waitlist': () => ({ waitlist: [entry(ann, 1), entry(ben, 2)], overrides: [] }),
      'activity/move-in-waitlist': () => ({
        waitlist: [entry(ben, 1), entry(ann, 2)],
        overrides: [{ kind: 'MOVE', actor: ann, user: ben, fromPosition: 2, toPosition: 1, createdAt: later(0) }],
      }),
    });
    wrap(
      <OrganiserWaitlist activity={activity({ isAdmin: true, status: 'PARTICIPATING', seats: 2, waitlistCount: 2 })} />,
    );
    await screen.findAllByTestId('waitlist-entry');
    fireEvent.click(screen.getAllByTestId('waitlist-up')[1]!);
    await eventually(() => expect(screen.getAllByTestId('waitlist-log-entry')).toHaveLength(1));
    expect(screen.getByTestId('waitlist-log-entry').textContent).toContain('Ann A moved Ben B from 2 to 1');
    expect(calls.find((c) => c.path === 'activity/move-in-waitlist')?.body).toMatchObject({
      activityId: ACTIVITY,
      userId: ben.userId,
      position: 1,
    });
  });

  it('organisers remove someone after confirming, and the removal is in the log', async () => {
    const ann = aUser({ userId: '01900000-0000-7000-8000-0000000000a1', firstName: 'Ann', lastName: 'A' });
    const ben = aUser({ userId: '01900000-0000-7000-8000-0000000000b2', firstName: 'Ben', lastName: 'B' });
    const calls = stubCalls({
      'activity/list-waitlist': () => ({
        waitlist: [{ ...ben, position: 1, waitlistedAt: later(-60), offerExpiresAt: null }],
        overrides: [],
      }),
      'activity/remove-from-waitlist': () => ({
        waitlist: [],
        overrides: [{ kind: 'REMOVE', actor: ann, user: ben, fromPosition: 1, toPosition: 0, createdAt: later(0) }],
      }),
    });
    wrap(
      <OrganiserWaitlist activity={activity({ isAdmin: true, status: 'PARTICIPATING', seats: 2, waitlistCount: 1 })} />,
    );
    fireEvent.click(await screen.findByTestId('waitlist-remove'));
    await eventually(() => expect(useFeedbackStore.getState().current?.title).toBe('Remove Ben B from the waitlist'));
    expect(calls.map((c) => c.path)).not.toContain('activity/remove-from-waitlist');
    useFeedbackStore.getState().dismiss(true);
    await eventually(() =>
      expect(screen.getByTestId('waitlist-log-entry').textContent).toContain(
        'Ann A removed Ben B from the waitlist (was #1)',
      ),
    );
    expect(calls.find((c) => c.path === 'activity/remove-from-waitlist')?.body).toEqual({
      activityId: ACTIVITY,
      userId: ben.userId,
    });
  });
});
