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
export const isNativeApp = () => Capacitor.isNativePlatform();
