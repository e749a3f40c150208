import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.ts';
import './theme/global.css';
import { App } from './App.tsx';
import { initPlatform } from './native/index.ts';

const platform = await initPlatform();
// Let the boot splash of index.html reach the screen before React takes over the main thread.
await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App platform={platform} />
  </StrictMode>,
);
