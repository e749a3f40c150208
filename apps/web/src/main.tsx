import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage, startLanguage } from './i18n/index.ts';
import './theme/global.css';
import { App } from './App.tsx';
import { defaultDeviceLocation } from './location/geolocation.ts';
import { initPlatform } from './native/index.ts';
import { registerServiceWorker } from './offline/serviceWorker.ts';
import { prefetchHome } from './screens/Home/homeQueries.ts';
import { useAuthStore } from './state/auth.ts';
import { queryClient } from './state/queryClient.ts';

// Someone signed in and opening on the home needs its screen, the tabs around it and its list: start them now
// rather than once the app has rendered its routes, round trips and a parse later (on a 400 ms 3G round trip,
// seconds: bench/slow-network.ts). Signed out, the entry screen needs none of them.
const signedIn = useAuthStore.getState().jwt !== null;
if (signedIn && (location.pathname === '/' || location.pathname === '/home')) {
  void import('./screens/Home/Home.tsx');
  void import('./components/TabLayout.tsx');
}
// The list only on /home (where the installed app opens, manifest start_url): on /, the entry screen first asks
// whether the session still holds, and a refused token must end on the sign-in screen with its error.
if (signedIn && location.pathname === '/home') {
  void prefetchHome(queryClient, defaultDeviceLocation()).catch(() => {}); // the screen asks again and shows the error
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
