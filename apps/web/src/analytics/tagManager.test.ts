import { describe, expect, it, vi } from 'vitest';
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

  it("carries the page's nonce, which the server's policy trusts (review L6)", () => {
    const page = document.implementation.createHTMLDocument('app');
    const entry = page.createElement('script');
    entry.setAttribute('nonce', 'abc123');
    page.head.appendChild(entry);
    // The module remembers one load per app; a fresh module stands for a fresh page.
    vi.resetModules();
    return import('./tagManager.ts').then(({ loadTagManager: load }) => {
      expect(load('GTM-NONCE', page)).toBe(true);
      expect(page.querySelector<HTMLScriptElement>('script[src*="GTM-NONCE"]')?.getAttribute('nonce')).toBe('abc123');
    });
  });
});
