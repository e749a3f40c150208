import { describe, expect, it } from 'vitest';
import { startupRoute } from './startup.ts';

describe('startupRoute (spec §2)', () => {
  it('sends a failed own-profile load to /login', () => {
    expect(startupRoute({ status: 'error' }, true)).toBe('/login');
    expect(startupRoute({ status: 'error' }, false)).toBe('/login');
  });
  it('sends a completed profile home', () => {
    expect(startupRoute({ status: 'loaded', completed: true }, false)).toBe('/home');
  });
  it('sends an incomplete profile to /create-profile', () => {
    expect(startupRoute({ status: 'loaded', completed: false }, true)).toBe('/create-profile');
  });
  it('sends no profile to /sign-up once the welcome was seen', () => {
    expect(startupRoute({ status: 'none' }, true)).toBe('/sign-up');
  });
  it('sends no profile to /welcome before the welcome was seen', () => {
    expect(startupRoute({ status: 'none' }, false)).toBe('/welcome');
  });
  it('waits while the profile loads', () => {
    expect(startupRoute({ status: 'loading' }, false)).toBeNull();
  });
});
