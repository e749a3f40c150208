import { describe, expect, it } from 'vitest';
import { compareVersions, isNewerVersion, parseVersion } from './version.ts';

describe('version comparison (3 numeric parts)', () => {
  it('parses', () => {
    expect(parseVersion('1.1.6')).toEqual([1, 1, 6]);
    expect(parseVersion('v2.0.10\n')).toEqual([2, 0, 10]);
    expect(parseVersion('1.1')).toBeNull();
    expect(parseVersion('')).toBeNull();
  });
  it('compares numerically, not as text', () => {
    expect(compareVersions('1.1.10', '1.1.9')).toBeGreaterThan(0);
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.1.6', '1.1.6')).toBe(0);
  });
  it('finds a newer version', () => {
    expect(isNewerVersion('1.1.7', '1.1.6')).toBe(true);
    expect(isNewerVersion('1.2.0', '1.1.6')).toBe(true);
    expect(isNewerVersion('1.1.6', '1.1.6')).toBe(false);
    expect(isNewerVersion('1.1.5', '1.1.6')).toBe(false);
    expect(isNewerVersion('garbage', '1.1.6')).toBe(false);
  });
});
