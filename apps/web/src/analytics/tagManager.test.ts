import { describe, expect, it } from 'vitest';
import { loadTagManager } from './tagManager.ts';

describe('tag manager', () => {
  it('loads nothing without an id, then once', () => {
    expect(loadTagManager('')).toBe(false);
    expect(document.querySelectorAll('script').length).toBe(0);
    // happy-dom does not fetch scripts by default, so no network is touched.
    expect(loadTagManager('GTM-TEST')).toBe(true);
    expect(loadTagManager('GTM-TEST')).toBe(false);
    expect(document.querySelectorAll('script[src*="GTM-TEST"]').length).toBe(1);
  });
});
