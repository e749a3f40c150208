import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSheetStore } from '../sheets/store.ts';
import type { Platform } from './platform.ts';
import { installNativeShell } from './shell.ts';

/** Connects the native shell's events to the router and the sheet stack. */
export function NativeBridge({ platform }: { platform: Platform }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!platform.isNative) return;
    void platform.updater.ready();
    return installNativeShell(platform, {
      navigate: (path) => navigate(path),
      goBack: () => navigate(-1),
      closeTopSheet: () => useSheetStore.getState().back(),
    });
  }, [platform, navigate]);
  return null;
}
