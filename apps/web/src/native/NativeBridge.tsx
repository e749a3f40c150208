import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSheetStore } from '../sheets/store.ts';
import { useIsLoggedIn } from '../state/auth.ts';
import type { Platform } from './platform.ts';
import { registerPushActions, registerPushToken } from './push.ts';
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

  // t changes with the language: the buttons are registered again in it.
  const { t } = useTranslation();
  useEffect(() => {
    void registerPushActions(platform, t);
  }, [platform, t]);

  const loggedIn = useIsLoggedIn();
  useEffect(() => {
    if (loggedIn) void registerPushToken(platform);
  }, [loggedIn, platform]);
  return null;
}
