import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { useAnalytics } from './analytics/useAnalytics.ts';
import { FeedbackModal } from './components/FeedbackModal.tsx';
import { config } from './config.ts';
import { NativeBridge } from './native/NativeBridge.tsx';
import type { Platform } from './native/platform.ts';
import { AppRoutes } from './routing/AppRoutes.tsx';
import { StorePrompt } from './screens/StorePrompt/StorePrompt.tsx';
import { SheetHost } from './sheets/SheetHost.tsx';
import { queryClient } from './state/queryClient.ts';
import { useLastOnline } from './state/useLastOnline.ts';
import { useNewerVersion } from './update/useLatestVersion.ts';

const ForcedUpdate = lazy(() => import('./screens/ForcedUpdate/ForcedUpdate.tsx'));

/** Pages a browser reaches even in store mode. */
export const isStoreModeExempt = (path: string) =>
  path === '/privacy' || path === '/terms' || path === '/admin' || path.startsWith('/admin/');

function Shell({ platform }: { platform: Platform }) {
  const { pathname } = useLocation();
  const newerVersion = useNewerVersion(platform.isNative);
  useAnalytics(platform.os);
  useLastOnline();

  if (!platform.isNative && config.webMode === 'store' && !isStoreModeExempt(pathname)) return <StorePrompt />;
  if (newerVersion) {
    return (
      <Suspense>
        <ForcedUpdate version={newerVersion} updater={platform.updater} />
      </Suspense>
    );
  }
  return (
    <>
      <NativeBridge platform={platform} />
      <AppRoutes />
      <SheetHost />
      <FeedbackModal />
    </>
  );
}

export function App({ platform }: { platform: Platform }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Shell platform={platform} />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
