import { describe, expect, it } from 'vitest';
import { actionBarPlan, availableActions } from './actions.ts';

const now = new Date('2026-06-01T08:00:00Z');
const base = {
  status: 'NONE' as const,
  isAdmin: false,
  access: 'OPEN' as const,
  startsAt: '2026-06-02T08:00:00Z',
  endsAt: '2026-06-02T10:00:00Z',
};

describe('availableActions', () => {
  it('lets a stranger join an open activity and request a closed one', () => {
    expect(availableActions(base, now)).toEqual(['join']);
    expect(availableActions({ ...base, access: 'CLOSED' }, now)).toEqual(['request']);
  });

  it('follows the participation state', () => {
    expect(availableActions({ ...base, status: 'PARTICIPATING' }, now)).toEqual(['leave']);
    expect(availableActions({ ...base, status: 'REQUESTED', access: 'CLOSED' }, now)).toEqual(['withdraw']);
    expect(availableActions({ ...base, status: 'INVITED' }, now)).toEqual(['acceptInvitation', 'declineInvitation']);
    expect(availableActions({ ...base, status: 'REJECTED', access: 'CLOSED' }, now)).toEqual(['request']);
  });

  it('on the waitlist: claim or decline a seat offered and still open, else leave the waitlist', () => {
    const waiting = { ...base, status: 'WAITLISTED' as const };
    expect(availableActions({ ...waiting, waitlist: { offerExpiresAt: null } }, now)).toEqual(['leaveWaitlist']);
    const offered = { ...waiting, waitlist: { offerExpiresAt: '2026-06-01T09:00:00Z' } };
    expect(availableActions(offered, now)).toEqual(['claimSeat', 'declineSeat']);
    expect(actionBarPlan(offered, now)).toMatchObject({ primary: 'claimSeat', own: ['declineSeat'] });
    expect(availableActions(offered, new Date('2026-06-01T09:00:01Z'))).toEqual(['leaveWaitlist']);
  });

  it('gives admins edit, invite, delete and, on a closed activity, the requests', () => {
    const admin = { ...base, isAdmin: true, status: 'PARTICIPATING' as const };
    expect(availableActions(admin, now)).toEqual(['edit', 'invite', 'delete', 'leave']);
    expect(availableActions({ ...admin, access: 'CLOSED' }, now)).toEqual([
      'edit',
      'invite',
      'requests',
      'delete',
      'leave',
    ]);
  });

  it('lets nobody new join once it has started, but lets participants leave', () => {
    const started = { ...base, startsAt: '2026-06-01T07:30:00Z' };
    expect(availableActions(started, now)).toEqual([]);
    expect(availableActions({ ...started, access: 'CLOSED' }, now)).toEqual([]);
    expect(availableActions({ ...started, status: 'INVITED' }, now)).toEqual(['declineInvitation']);
    expect(availableActions({ ...started, status: 'PARTICIPATING' }, now)).toEqual(['leave']);
  });

  it('offers no joining or editing once the activity is over', () => {
    const over = { ...base, startsAt: '2026-05-31T08:00:00Z', endsAt: '2026-05-31T10:00:00Z' };
    expect(availableActions(over, now)).toEqual([]);
    expect(availableActions({ ...over, isAdmin: true, status: 'PARTICIPATING' }, now)).toEqual(['delete']);
  });
});

describe('actionBarPlan', () => {
  it('leads with the one thing to do, and keeps the rest in the menu', () => {
    expect(actionBarPlan(base, now)).toEqual({ primary: 'join', own: [], manage: [], canDelete: false });
    expect(actionBarPlan({ ...base, status: 'INVITED' }, now)).toMatchObject({
      primary: 'acceptInvitation',
      own: ['declineInvitation'],
    });
    const admin = { ...base, isAdmin: true, status: 'PARTICIPATING' as const, access: 'CLOSED' as const };
    expect(actionBarPlan(admin, now)).toEqual({
      primary: null,
      own: ['leave'],
      manage: ['edit', 'invite', 'requests'],
      canDelete: true,
    });
  });
});
