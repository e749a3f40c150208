import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { PushNotifications as Push } from '@capacitor/push-notifications';
import { CapacitorUpdater } from '@capgo/capacitor-updater';
import type { Platform } from './platform.ts';

type Listener = Promise<{ remove: () => Promise<void> }>;

const listen = (promise: Listener) => () => {
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
      listen(
        // actionId is 'tap' for the notification itself, else the id of the button tapped.
        Push.addListener('pushNotificationActionPerformed', (a) => {
          // iOS reports a dismissed notification too (only for categories asking for it): nothing to open.
          if (a.actionId === 'dismiss') return;
          handler(
            (a.notification.data as Record<string, unknown> | undefined) ?? {},
            a.actionId === 'tap' ? undefined : a.actionId,
          );
        }),
      ),
    updater: {
      download: async (url, version, onProgress, checksum) => {
        const progress = await CapacitorUpdater.addListener('download', (e) => onProgress(e.percent));
        try {
          const bundle = await CapacitorUpdater.download({ url, version, checksum });
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
    registerPush: async () => {
      const { receive } = await Push.requestPermissions();
      if (receive !== 'granted') throw new Error('Push permission denied');
      const listeners: Listener[] = [];
      const token = new Promise<string>((resolve, reject) => {
        listeners.push(Push.addListener('registration', (t) => resolve(t.value)));
        listeners.push(Push.addListener('registrationError', (e) => reject(new Error(e.error))));
      });
      try {
        await Push.register();
        return await token;
      } finally {
        for (const l of listeners) void l.then((x) => x.remove());
      }
    },
    // iOS categories through the local notifications plugin: Capacitor routes a remote push's button to the push
    // plugin's pushNotificationActionPerformed (onNotificationTap). Android: remote pushes carry no buttons.
    registerPushActions: async (types) => {
      if (os !== 'ios') return;
      const { LocalNotifications } = await import('@capacitor/local-notifications');
      await LocalNotifications.registerActionTypes({
        types: types.map((type) => ({
          id: type.id,
          actions: type.actions.map((a) => ({ ...a, foreground: true })),
        })),
      });
    },
    // The camera plugin is fetched on first use only.
    pickPicture: async (labels) => (await import('./camera.ts')).pickNativePicture(labels),
    // The share and file plugins too.
    shareLink: async (content) => (await import('./share.ts')).shareNativeLink(content),
    shareFile: async (file) => (await import('./share.ts')).shareNativeFile(file),
    // The shell hands a navigation to another scheme (webcal:) to the system: Android's Bridge.launchIntent
    // starts the app that opens it, iOS's web view delegate calls UIApplication.open (the Calendar app).
    openUrl: async (url) => {
      location.assign(url);
    },
  };
}
