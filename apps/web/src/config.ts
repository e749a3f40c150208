/** Runtime configuration the server injects into index.html; defaults serve `vite` dev and tests. */
export interface AppConfig {
  webMode: 'app' | 'store';
  /** The {product} of the API prefix /api/space/{product}/database. */
  product: string;
  supportEmail: string;
  appStoreUrl: string;
  playStoreUrl: string;
  tagManagerAndroid: string;
  tagManagerIos: string;
  mapsKey: string;
  /** `offline` (the plain built-in style), a MapLibre style URL, or empty: the basemap below, else OpenFreeMap. */
  mapStyleUrl: string;
  /** Where the server serves its Protomaps basemap (MAP_PMTILES_PATH), or empty. */
  mapPmtiles: string;
  /** Base URL of the Protomaps fonts and sprites: with it the self-hosted map has labels. */
  mapAssetsUrl: string;
  /** Absolute origin of the server; empty on the web, where the app is served by it. */
  publicUrl: string;
  /** The server's VAPID public key: when set, the browser app subscribes to Web Push. */
  vapidPublicKey: string;
  /** The credit the elevation service's terms ask for, shown with a climb it measured; empty when none is owed. */
  elevationCredit: string;
  /**
   * The entry screen's OpenID Connect providers and whether the password form shows (issue 41); null when the page
   * was not served by the server (vite dev, the phone apps): the app then asks `auth/sign-in-options`.
   */
  signIn: SignInConfig | null;
}

export interface SignInConfig {
  passwordSignIn: boolean;
  providers: { id: string; label: string }[];
}

/** The injected sign-in options, when they have the expected shape. */
function readSignIn(value: unknown): SignInConfig | null {
  const v = value as Partial<SignInConfig> | null | undefined;
  if (!v || typeof v.passwordSignIn !== 'boolean' || !Array.isArray(v.providers)) return null;
  const providers = v.providers.filter(
    (p): p is { id: string; label: string } => typeof p?.id === 'string' && typeof p?.label === 'string',
  );
  return { passwordSignIn: v.passwordSignIn, providers };
}

export const defaultConfig: AppConfig = {
  webMode: 'app',
  product: 'cordata',
  supportEmail: 'support@cordata.app',
  appStoreUrl: 'https://apps.apple.com/app/cordata',
  playStoreUrl: 'https://play.google.com/store/apps/details?id=app.cordata',
  tagManagerAndroid: '',
  tagManagerIos: '',
  mapsKey: '',
  mapStyleUrl: import.meta.env.VITE_MAP_STYLE_URL ?? '',
  mapPmtiles: '',
  mapAssetsUrl: '',
  publicUrl: import.meta.env.VITE_PUBLIC_URL ?? '',
  vapidPublicKey: '',
  elevationCredit: '',
  signIn: null,
};

export function readConfig(doc: Document | undefined = globalThis.document): AppConfig {
  const text = doc?.getElementById('cordata-config')?.textContent;
  if (!text) return defaultConfig;
  try {
    const injected = JSON.parse(text) as Partial<AppConfig>;
    const merged = { ...defaultConfig };
    for (const key of Object.keys(defaultConfig) as (keyof AppConfig)[]) {
      const value = injected[key];
      if (typeof value === 'string' && value !== '') Object.assign(merged, { [key]: value });
    }
    merged.signIn = readSignIn(injected.signIn);
    if (merged.webMode !== 'store') merged.webMode = 'app';
    return merged;
  } catch {
    return defaultConfig;
  }
}

export const config: AppConfig = readConfig();
