import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.ts';
import './theme/global.css';
import { App } from './App.tsx';
import { initPlatform } from './native/index.ts';

const platform = await initPlatform();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App platform={platform} />
  </StrictMode>,
);
