import { useEffect } from 'react';
import { config } from '../config.ts';
import type { Platform } from '../native/platform.ts';
import { useUiStore } from '../state/ui.ts';
import { loadTagManager } from './tagManager.ts';

/** The tag manager of the phone's platform; the web has none. */
export function tagManagerId(os: Platform['os']): string {
  if (os === 'android') return config.tagManagerAndroid;
  if (os === 'ios') return config.tagManagerIos;
  return '';
}

export function useAnalytics(os: Platform['os']) {
  const consent = useUiStore((s) => s.analyticsConsent);
  useEffect(() => {
    if (consent) loadTagManager(tagManagerId(os));
  }, [consent, os]);
}
