import { App } from '@capacitor/app';
import { Capacitor, registerPlugin } from '@capacitor/core';
import { CapacitorUpdater } from '@capgo/capacitor-updater';
import type { Platform } from './platform.ts';

interface PushPlugin {
  addListener(
    event: 'pushNotificationActionPerformed',
    handler: (action: { notification: { data?: Record<string, unknown> } }) => void,
  ): Promise<{ remove: () => Promise<void> }>;
}

// The push plugin's native half ships with the store builds; its JS proxy is all the shell needs.
const Push = registerPlugin<PushPlugin>('PushNotifications');

const listen = (promise: Promise<{ remove: () => Promise<void> }>) => () => {
  void promise.then((l) => l.remove());
};

export function createCapacitorPlatform(): Platform {
  const os = Capacitor.getPlatform() as Platform['os'];
  return {
    isNative: true,
    os,
    onBackButton: (handler) => listen(App.addListener('backButton', handler)),
    exitApp: () => void App.exitApp(),
    onAppUrlOpen: (handler) => listen(App.addListener('appUrlOpen', (event) => handler(event.url))),
    onNotificationTap: (handler) =>
      listen(Push.addListener('pushNotificationActionPerformed', (a) => handler(a.notification.data ?? {}))),
    updater: {
      download: async (url, version, onProgress) => {
        const progress = await CapacitorUpdater.addListener('download', (e) => onProgress(e.percent));
        try {
          const bundle = await CapacitorUpdater.download({ url, version });
          return bundle.id;
        } finally {
          await progress.remove();
        }
      },
      apply: (id) => CapacitorUpdater.set({ id }),
      ready: async () => {
        await CapacitorUpdater.notifyAppReady();
      },
    },
  };
}
