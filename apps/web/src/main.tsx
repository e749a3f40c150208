import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage, startLanguage } from './i18n/index.ts';
import './theme/global.css';
import { App } from './App.tsx';
import { loadRegistry } from './api/client.ts';
import { initPlatform } from './native/index.ts';
import { registerServiceWorker } from './offline/serviceWorker.ts';
import { useAuthStore } from './state/auth.ts';

// Someone signed in needs the call registry for the first call and, opening on the home, its screen: start both
// downloads now rather than once the app has rendered its routes, a round trip and a parse later (on a 400 ms 3G
// round trip, most of a second: bench/slow-network.ts). Signed out, the entry screen needs neither.
if (useAuthStore.getState().jwt) {
  void loadRegistry();
  if (location.pathname === '/' || location.pathname === '/home') void import('./screens/Home/Home.tsx');
}

// The reader's language only, fetched with the above; the boot splash stays until it is there (no flash of English).
const [platform] = await Promise.all([initPlatform(), loadLanguage(startLanguage).catch(() => {})]);
registerServiceWorker(platform.isNative);
// Let the boot splash of index.html reach the screen before React takes over the main thread.
await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App platform={platform} />
  </StrictMode>,
);
