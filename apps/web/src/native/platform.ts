/** Everything the app needs from the native shell; the web and tests get other implementations. */
export interface Platform {
  readonly isNative: boolean;
  readonly os: 'ios' | 'android' | 'web';
  /** The hardware back button. `canGoBack` tells whether the web view has history left. */
  onBackButton(handler: (event: { canGoBack: boolean }) => void): () => void;
  exitApp(): void;
  /** An app link (https://domain/path) opened the app. */
  onAppUrlOpen(handler: (url: string) => void): () => void;
  /**
   * The user tapped a push notification; `data` is its payload, `action` the button tapped (a weather alert's
   * answer), undefined for the notification itself.
   */
  onNotificationTap(handler: (data: Record<string, unknown>, action?: string) => void): () => void;
  updater: Updater;
  /** Asks permission and registers for push; resolves with the device token, rejects when refused or failed. */
  registerPush(): Promise<string>;
  /**
   * Registers the buttons a remote push of each category shows (iOS notification categories, named by the push's
   * aps.category); a button tapped reaches onNotificationTap as `action`. Android shows no buttons on a remote push:
   * a no-op there (docs/mobile.md, "Push buttons").
   */
  registerPushActions(types: PushActionType[]): Promise<void>;
  /**
   * Takes a photo with the camera or chooses one from the library (the person picks, in a native sheet
   * with these labels). Resolves with the picture, or null when the person cancels; rejects with a
   * `PhotoPermissionError` when the camera or the photos were refused.
   */
  pickPicture(labels: PictureLabels): Promise<File | null>;
  /**
   * The system share sheet with a link (native only: the web uses navigator.share or the clipboard,
   * components/Share/share.ts). Resolves 'cancelled' when the person closes the sheet.
   */
  shareLink(content: SharedLink): Promise<NativeShareOutcome>;
  /**
   * Writes a text file to the app's cache and opens the system share sheet with it, so that another app
   * (a calendar app for an .ics) opens it (native only: the web downloads it). Resolves 'cancelled' when
   * the person closes the sheet; rejects with a `FileWriteError` when the file cannot be written.
   */
  shareFile(file: SharedFile): Promise<NativeShareOutcome>;
  /** Hands an address to the system, which opens the app that handles it (webcal: → the calendar app). */
  openUrl(url: string): Promise<void>;
}

export interface PushActionType {
  /** The category id (weatherAlertCategory). */
  id: string;
  actions: { id: string; title: string; destructive?: boolean }[];
}

export interface SharedLink {
  title: string;
  text?: string;
  url: string;
}

export interface SharedFile {
  fileName: string;
  contents: string;
  /** e.g. text/calendar. The share sheet on Android takes the type from the file name's extension. */
  mimeType: string;
  /** The subject, when the person shares it by e-mail. */
  title: string;
}

export type NativeShareOutcome = 'shared' | 'cancelled';

/** A file could not be written on the phone (no space left, storage unavailable). */
export class FileWriteError extends Error {
  constructor(
    readonly fileName: string,
    options?: { cause?: unknown },
  ) {
    super(`The file ${fileName} could not be written`, options);
    this.name = 'FileWriteError';
  }
}

export interface PictureLabels {
  header: string;
  camera: string;
  library: string;
  cancel: string;
}

/** The camera or the photo library was refused (spec §8: upload errors speak of permissions). */
export class PhotoPermissionError extends Error {
  constructor(readonly access: 'camera' | 'photos') {
    super(`Access to the ${access} was denied`);
    this.name = 'PhotoPermissionError';
  }
}

export interface Updater {
  /**
   * Downloads a bundle zip, reporting progress from 0 to 100; resolves with the bundle id. The
   * updater refuses a bundle whose sha256 is not `checksum` (verified against its signature first).
   */
  download(url: string, version: string, onProgress: (percent: number) => void, checksum: string): Promise<string>;
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
  registerPushActions: () => Promise.resolve(),
  pickPicture: () => Promise.reject(new Error('The camera runs only in the native app; the web uses a file input')),
  shareLink: () => Promise.reject(new Error('The native share sheet runs only in the native app')),
  shareFile: () => Promise.reject(new Error('The native share sheet runs only in the native app')),
  openUrl: async (url) => {
    location.assign(url);
  },
};

/** A platform driven by the test: fire events, read what the app asked for. */
export function createFakePlatform(
  os: Platform['os'] = 'android',
  pushToken: string | null = 'push-token',
  picture: () => Promise<File | null> = () => Promise.resolve(null),
  /** How the share sheet ends: shared, closed by the person, or a failure (thrown). */
  shareSheet: () => Promise<NativeShareOutcome> = () => Promise.resolve('shared'),
) {
  const back = new Set<(e: { canGoBack: boolean }) => void>();
  const urls = new Set<(url: string) => void>();
  const taps = new Set<(data: Record<string, unknown>, action?: string) => void>();
  const calls = {
    exits: 0,
    downloads: [] as string[],
    applied: [] as string[],
    sharedLinks: [] as SharedLink[],
    sharedFiles: [] as SharedFile[],
    openedUrls: [] as string[],
    pushActionTypes: [] as PushActionType[][],
  };
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
    registerPushActions: async (types) => {
      calls.pushActionTypes.push(types);
    },
    pickPicture: picture,
    shareLink: async (content) => {
      calls.sharedLinks.push(content);
      return shareSheet();
    },
    shareFile: async (file) => {
      calls.sharedFiles.push(file);
      return shareSheet();
    },
    openUrl: async (url) => {
      calls.openedUrls.push(url);
    },
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
    tapNotification: (data: Record<string, unknown>, action?: string) => {
      for (const h of taps) h(data, action);
    },
  };
}
