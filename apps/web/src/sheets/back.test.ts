import { describe, expect, it } from 'vitest';
import { sheetBack } from './back.ts';
import type { SheetSpec } from './types.ts';

const account = (step: 'options' | 'settings' | 'security' | 'notifications' | 'terms' | 'privacy'): SheetSpec => ({
  type: 'account',
  params: { step },
});
const handleActivity = (
  step: 'info' | 'path' | 'gpx' | 'route' | 'difficulty' | 'publish' | 'contacts',
): SheetSpec => ({ type: 'handle-activity', params: { step } });

describe('sheet back rules (spec §4)', () => {
  it.each([
    ['options', { kind: 'close' }],
    ['settings', { kind: 'step', step: 'options' }],
    ['security', { kind: 'step', step: 'settings' }],
    ['notifications', { kind: 'step', step: 'settings' }],
    ['terms', { kind: 'step', step: 'settings' }],
    ['privacy', { kind: 'step', step: 'settings' }],
  ] as const)('account %s', (step, expected) => {
    expect(sheetBack(account(step))).toEqual(expected);
  });

  it('handle-group info closes', () => {
    expect(sheetBack({ type: 'handle-group', params: { step: 'info' } })).toEqual({ kind: 'close' });
  });

  it.each([
    ['info', { kind: 'close' }],
    ['path', { kind: 'step', step: 'info' }],
    ['gpx', { kind: 'step', step: 'path' }],
    ['route', { kind: 'step', step: 'path' }],
    ['difficulty', { kind: 'step', step: 'path' }],
    ['publish', { kind: 'step', step: 'difficulty' }],
    ['contacts', { kind: 'step', step: 'publish' }],
  ] as const)('handle-activity %s', (step, expected) => {
    expect(sheetBack(handleActivity(step))).toEqual(expected);
  });

  const others: SheetSpec[] = [
    { type: 'support', params: {} },
    { type: 'activity', params: { id: 'a' } },
    { type: 'group', params: { id: 'g' } },
    { type: 'notification', params: {} },
    { type: 'profile', params: { id: 'u' } },
    { type: 'invite-contact', params: { contacts: [], step: 'search' } },
    { type: 'chat', params: { id: 'c' } },
    { type: 'legal-info', params: { type: 'terms' } },
    { type: 'group-filters', params: {} },
    { type: 'home-filters', params: {} },
  ];
  it.each(others.map((s) => [s.type, s] as const))('%s closes', (_type, sheet) => {
    expect(sheetBack(sheet)).toEqual({ kind: 'close' });
  });
});
