import { Capacitor } from '@capacitor/core';
import { type Platform, webPlatform } from './platform.ts';

let current: Platform = webPlatform;

/** Picks the platform once at start-up; the Capacitor code is only fetched inside the native app. */
export async function initPlatform(): Promise<Platform> {
  if (Capacitor.isNativePlatform()) {
    const { createCapacitorPlatform } = await import('./capacitor.ts');
    current = createCapacitorPlatform();
  }
  return current;
}

export const getPlatform = () => current;
/** Tests run the app on a fake platform (createFakePlatform). */
export const setPlatform = (platform: Platform) => {
  current = platform;
};
export const isNativeApp = () => Capacitor.isNativePlatform();
