import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { useAnalytics } from './analytics/useAnalytics.ts';
import { FeedbackModal } from './components/FeedbackModal.tsx';
import { ToastHost } from './components/ToastHost.tsx';
import { config } from './config.ts';
import { NativeBridge } from './native/NativeBridge.tsx';
import type { Platform } from './native/platform.ts';
import { useOutingPacks } from './offline/useOutingPacks.ts';
import { useQueueSender } from './offline/useQueueSender.ts';
import { AppRoutes } from './routing/AppRoutes.tsx';
import { StorePrompt } from './screens/StorePrompt/StorePrompt.tsx';
import { useSheetStore } from './sheets/store.ts';
import { useAuthStore } from './state/auth.ts';
import { queryClient } from './state/queryClient.ts';
import { reportStoreServiceFailure, storeServiceWorks } from './state/storeService.ts';
import { useLastOnline } from './state/useLastOnline.ts';
import { whenStartSettled } from './state/whenStartSettled.ts';
import { useNewerVersion } from './update/useLatestVersion.ts';

const ForcedUpdate = lazy(() => import('./screens/ForcedUpdate/ForcedUpdate.tsx'));
// Every sheet's content (forms, maps, wizards) sits behind the host: none of it is needed to start.
const loadSheetHost = () => import('./sheets/SheetHost.tsx');
const SheetHost = lazy(() => loadSheetHost().then((m) => ({ default: m.SheetHost })));

function Sheets() {
  const anyOpen = useSheetStore((s) => s.stack.length > 0);
  useEffect(() => {
    // Fetch the sheets once the start-up work is done (the first screen's calls answered), so the first one opens
    // without a wait and a slow network does not carry them before the first screen.
    return whenStartSettled(queryClient, () => void loadSheetHost(), {
      needsAnswer: () => useAuthStore.getState().jwt !== null,
    });
  }, []);
  return anyOpen ? (
    <Suspense>
      <SheetHost />
    </Suspense>
  ) : null;
}

/** Pages a browser reaches even in store mode. */
export const isStoreModeExempt = (path: string) =>
  path === '/privacy' || path === '/terms' || path === '/admin' || path.startsWith('/admin/');

function Shell({ platform }: { platform: Platform }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!storeServiceWorks()) reportStoreServiceFailure(platform);
  }, [platform]);
  const newerVersion = useNewerVersion(platform.isNative);
  useAnalytics(platform.os);
  useLastOnline();
  useQueueSender();
  useOutingPacks();

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
      <Sheets />
      <ToastHost />
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
