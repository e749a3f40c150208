import { describe, expect, it } from 'vitest';
import { continueTo, rememberDeepLink } from './deep-link.ts';

const memory = (): Storage => {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
};
const ID = '01900000-0000-7000-8000-0000000000ff';

describe('continuing a shared link after signing in', () => {
  it('lands once on the remembered activity instead of the home', () => {
    const storage = memory();
    rememberDeepLink(`/view-activity/${ID}`, storage);
    expect(continueTo('/home', storage)).toBe(`/view-activity/${ID}`);
    expect(continueTo('/home', storage)).toBe('/home');
  });

  it('keeps the profile wizard first, and ignores paths that are not shared pages', () => {
    const storage = memory();
    rememberDeepLink(`/view-group/${ID}`, storage);
    expect(continueTo('/create-profile', storage)).toBe('/create-profile');
    expect(continueTo('/home', storage)).toBe(`/view-group/${ID}`);
    rememberDeepLink('/admin/users', storage);
    rememberDeepLink('https://evil.example/x', storage);
    rememberDeepLink(`/view-activity/${ID}/../../admin`, storage);
    expect(continueTo('/home', storage)).toBe('/home');
  });
});
