import { describe, expect, it } from 'vitest';
import { availableGroupActions, mayListMembers } from './actions.ts';

describe('availableGroupActions', () => {
  it('offers joining an open group and requesting a closed one', () => {
    expect(availableGroupActions({ status: 'NONE', isAdmin: false, type: 'OPEN' })).toEqual(['join']);
    expect(availableGroupActions({ status: 'NONE', isAdmin: false, type: 'CLOSED' })).toEqual(['request']);
  });

  it('lets a rejected user ask again', () => {
    expect(availableGroupActions({ status: 'REJECTED', isAdmin: false, type: 'CLOSED' })).toEqual(['request']);
  });

  it('offers withdrawing a pending request and answering an invitation', () => {
    expect(availableGroupActions({ status: 'REQUESTED', isAdmin: false, type: 'CLOSED' })).toEqual(['withdraw']);
    expect(availableGroupActions({ status: 'INVITED', isAdmin: false, type: 'CLOSED' })).toEqual([
      'acceptInvitation',
      'declineInvitation',
    ]);
  });

  it('lets members of an open group invite, but not members of a closed one', () => {
    expect(availableGroupActions({ status: 'PARTICIPATING', isAdmin: false, type: 'OPEN' })).toEqual([
      'chat',
      'newActivity',
      'invite',
      'leave',
    ]);
    expect(availableGroupActions({ status: 'PARTICIPATING', isAdmin: false, type: 'CLOSED' })).toEqual([
      'chat',
      'newActivity',
      'leave',
    ]);
  });

  it('gives admins editing, requests (closed groups) and deletion', () => {
    expect(availableGroupActions({ status: 'PARTICIPATING', isAdmin: true, type: 'CLOSED' })).toEqual([
      'chat',
      'newActivity',
      'invite',
      'edit',
      'requests',
      'leave',
      'delete',
    ]);
    expect(availableGroupActions({ status: 'PARTICIPATING', isAdmin: true, type: 'OPEN' })).not.toContain('requests');
  });
});

describe('mayListMembers', () => {
  it('hides the members of a closed group from outsiders only', () => {
    expect(mayListMembers({ status: 'NONE', isAdmin: false, type: 'OPEN' })).toBe(true);
    expect(mayListMembers({ status: 'REQUESTED', isAdmin: false, type: 'CLOSED' })).toBe(false);
    expect(mayListMembers({ status: 'PARTICIPATING', isAdmin: false, type: 'CLOSED' })).toBe(true);
  });
});
