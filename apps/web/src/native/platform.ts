/** Everything the app needs from the native shell; the web and tests get other implementations. */
export interface Platform {
  readonly isNative: boolean;
  readonly os: 'ios' | 'android' | 'web';
  /** The hardware back button. `canGoBack` tells whether the web view has history left. */
  onBackButton(handler: (event: { canGoBack: boolean }) => void): () => void;
  exitApp(): void;
  /** An app link (https://domain/path) opened the app. */
  onAppUrlOpen(handler: (url: string) => void): () => void;
  /** The user tapped a push notification; `data` is its payload. */
  onNotificationTap(handler: (data: Record<string, unknown>) => void): () => void;
  updater: Updater;
  /** Asks permission and registers for push; resolves with the device token, rejects when refused or failed. */
  registerPush(): Promise<string>;
}

export interface Updater {
  /** Downloads a bundle zip, reporting progress from 0 to 100; resolves with the bundle id. */
  download(url: string, version: string, onProgress: (percent: number) => void): Promise<string>;
  /** Sets the downloaded bundle as current and reloads the app. */
  apply(bundleId: string): Promise<void>;
  /** Tells the updater this bundle started fine, so it is not rolled back. */
  ready(): Promise<void>;
}

const noop = () => {};

export const webPlatform: Platform = {
  isNative: false,
  os: 'web',
  onBackButton: () => noop,
  exitApp: noop,
  onAppUrlOpen: () => noop,
  onNotificationTap: () => noop,
  updater: {
    download: () => Promise.reject(new Error('Live updates run only in the native app')),
    apply: () => Promise.resolve(),
    ready: () => Promise.resolve(),
  },
  registerPush: () => Promise.reject(new Error('Push registration runs only in the native app')),
};

/** A platform driven by the test: fire events, read what the app asked for. */
export function createFakePlatform(os: Platform['os'] = 'android', pushToken: string | null = 'push-token') {
  const back = new Set<(e: { canGoBack: boolean }) => void>();
  const urls = new Set<(url: string) => void>();
  const taps = new Set<(data: Record<string, unknown>) => void>();
  const calls = { exits: 0, downloads: [] as string[], applied: [] as string[] };
  const subscribe =
    <T>(set: Set<T>) =>
    (handler: T) => {
      set.add(handler);
      return () => set.delete(handler);
    };
  const platform: Platform = {
    isNative: os !== 'web',
    os,
    onBackButton: subscribe(back),
    exitApp: () => {
      calls.exits++;
    },
    onAppUrlOpen: subscribe(urls),
    onNotificationTap: subscribe(taps),
    updater: {
      download: async (url, _version, onProgress) => {
        calls.downloads.push(url);
        onProgress(100);
        return 'bundle-1';
      },
      apply: async (id) => {
        calls.applied.push(id);
      },
      ready: async () => {},
    },
    registerPush: () => (pushToken ? Promise.resolve(pushToken) : Promise.reject(new Error('denied'))),
  };
  return {
    platform,
    calls,
    pressBack: (canGoBack: boolean) => {
      for (const h of back) h({ canGoBack });
    },
    openUrl: (url: string) => {
      for (const h of urls) h(url);
    },
    tapNotification: (data: Record<string, unknown>) => {
      for (const h of taps) h(data);
    },
  };
}
