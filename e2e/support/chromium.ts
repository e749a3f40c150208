import { existsSync } from 'node:fs';

/**
 * The browser the journeys drive: CHROMIUM_PATH, else Debian's chromium-headless-shell (Chromium's old headless
 * mode, the one Playwright itself runs headless: the same Blink and V8, without the desktop browser's UI layer,
 * and half the CPU of `chromium --headless` on the journeys, docs/operations.md), else Debian's chromium.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
