import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LANGUAGES } from '@cordata/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NATIVE_APP_ID } from '../../server/src/web/app-links.ts';
import capacitorConfig from '../capacitor.config.ts';
import { assertReleaseKey, iconFiles, nativeFiles, splashFiles, versionCode, webRoot } from './native.mjs';

/**
 * Issue 21: the committed Android and iOS projects hold everything a store build needs, so that a machine
 * with the Android SDK or Xcode builds one with no edits. CI also runs `cap sync` and checks that it
 * changes nothing (.ci/run).
 */
const read = (path: string) => readFileSync(join(webRoot, path), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };
const manifest = read('android/app/src/main/AndroidManifest.xml');
const infoPlist = read('ios/App/App/Info.plist');
const pbxproj = read('ios/App/App.xcodeproj/project.pbxproj');

/** The strings of an Android resources file, by name. */
const androidStrings = (path: string) =>
  new Map([...read(path).matchAll(/<string name="([^"]+)">([^<]*)<\/string>/g)].map((m) => [m[1]!, m[2]!]));
/** The entries of an iOS .strings file, by key. */
const iosStrings = (path: string) =>
  new Map([...read(path).matchAll(/^"([^"]+)" = "([^"]*)";$/gm)].map((m) => [m[1]!, m[2]!]));

const PERMISSION_TEXTS = [
  'permission_location',
  'permission_background_location',
  'permission_camera',
  'permission_photos',
  'permission_notifications',
  // The channel of the notice while the safety loop shares with the screen locked.
  'capacitor_background_geolocation_notification_channel_name',
];
const USAGE_KEYS = [
  'NSLocationWhenInUseUsageDescription',
  'NSLocationAlwaysAndWhenInUseUsageDescription',
  'NSCameraUsageDescription',
  'NSPhotoLibraryUsageDescription',
  'NSPhotoLibraryAddUsageDescription',
];
/** The languages of the app (the contract's list) that translate the English texts. */
const TRANSLATED = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');

describe('the Android project', () => {
  it('asks for location, camera, photos and notifications, each explained in every language of the app', () => {
    for (const permission of [
      'ACCESS_COARSE_LOCATION',
      'ACCESS_FINE_LOCATION',
      'CAMERA',
      'READ_MEDIA_IMAGES',
      'POST_NOTIFICATIONS',
      'INTERNET',
    ]) {
      expect(manifest).toContain(`<uses-permission android:name="android.permission.${permission}"`);
    }
    const en = androidStrings('android/app/src/main/res/values/strings.xml');
    for (const key of PERMISSION_TEXTS) expect(en.get(key), key).toBeTruthy();
    for (const language of TRANSLATED) {
      const strings = androidStrings(`android/app/src/main/res/values-${language}/strings.xml`);
      for (const key of PERMISSION_TEXTS) {
        expect(strings.get(key), `${language} ${key}`).toBeTruthy();
        expect(strings.get(key), `${language} ${key}`).not.toBe(en.get(key));
      }
      expect(strings.get('app_name'), language).toBe('Cordata');
    }
  });

  it('shares the safety loop with the screen locked: background location through a foreground service of type location', () => {
    for (const permission of ['ACCESS_BACKGROUND_LOCATION', 'FOREGROUND_SERVICE', 'FOREGROUND_SERVICE_LOCATION'])
      expect(manifest).toContain(`<uses-permission android:name="android.permission.${permission}" />`);
    const service = /<service\s[^>]*BackgroundGeolocationService"[^>]*>/.exec(manifest)?.[0];
    expect(service).toBeDefined();
    expect(service).toContain('android:foregroundServiceType="location"');
    expect(service).toContain('android:exported="false"');
    expect(service).toContain('tools:replace="android:exported"');
    expect(manifest).toContain('xmlns:tools="http://schemas.android.com/tools"');
  });

  it('opens https links of its host, verified (App Links)', () => {
    const filter = /<intent-filter android:autoVerify="true">([\s\S]*?)<\/intent-filter>/.exec(manifest)?.[1];
    expect(filter).toBeDefined();
    expect(filter).toContain('android.intent.action.VIEW');
    expect(filter).toContain('android.intent.category.BROWSABLE');
    expect(filter).toMatch(/<data android:scheme="https" android:host="[a-z0-9.-]+" \/>/);
  });

  it('has the app id and the package version', () => {
    const gradle = read('android/app/build.gradle');
    expect(gradle).toContain(`applicationId "${NATIVE_APP_ID}"`);
    expect(gradle).toContain(`versionName "${version}"`);
    expect(gradle).toContain(`versionCode ${versionCode(version)}`);
  });
});

describe('the iOS project', () => {
  it('explains every permission in every language of the app, and the strings are in the app bundle', () => {
    for (const key of USAGE_KEYS) expect(infoPlist).toContain(`<key>${key}</key>`);
    expect(infoPlist).toMatch(/<key>UIBackgroundModes<\/key>\s*<array>\s*<string>remote-notification<\/string>/);
    // The safety loop's positions with the screen locked ("Always", asked in context: docs/mobile.md).
    expect(infoPlist).toMatch(
      /<key>UIBackgroundModes<\/key>\s*<array>(?:\s*<string>[a-z-]+<\/string>)*\s*<string>location<\/string>/,
    );
    const en = iosStrings('ios/App/App/en.lproj/InfoPlist.strings');
    for (const key of USAGE_KEYS) expect(en.get(key), key).toBeTruthy();
    for (const language of TRANSLATED) {
      const strings = iosStrings(`ios/App/App/${language}.lproj/InfoPlist.strings`);
      for (const key of USAGE_KEYS) {
        expect(strings.get(key), `${language} ${key}`).toBeTruthy();
        expect(strings.get(key), `${language} ${key}`).not.toBe(en.get(key));
      }
    }
    // Xcode copies only what the project lists: one variant group with every language, in Resources.
    expect(pbxproj).toMatch(/\/\* InfoPlist\.strings in Resources \*\/,/);
    const variants = /\/\* InfoPlist\.strings \*\/ = \{\s*isa = PBXVariantGroup;\s*children = \(([^)]*)\)/.exec(
      pbxproj,
    )?.[1];
    const regions = /knownRegions = \(([^)]*)\)/.exec(pbxproj)?.[1];
    const localizations = /<key>CFBundleLocalizations<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(infoPlist)?.[1];
    for (const language of SUPPORTED_LANGUAGES) {
      const reference = new RegExp(
        `(C0DA7A[0-9A-F]{18}) /\\* ${language} \\*/ = \\{isa = PBXFileReference;[^}]* path = ${language}\\.lproj/InfoPlist\\.strings;`,
      ).exec(pbxproj)?.[1];
      expect(reference, language).toBeDefined();
      expect(variants, language).toContain(`${reference} /* ${language} */,`);
      expect(regions, language).toMatch(new RegExp(`\\b${language},`));
      expect(localizations, language).toContain(`<string>${language}</string>`);
    }
  });

  it('declares its associated domain (Universal Links) and push, in entitlements the build signs with', () => {
    const entitlements = readFileSync(nativeFiles.entitlements, 'utf8');
    expect(entitlements).toMatch(/<string>applinks:[a-z0-9.-]+<\/string>/);
    expect(entitlements).toContain('<key>aps-environment</key>');
    expect(pbxproj.match(/CODE_SIGN_ENTITLEMENTS = App\/App\.entitlements;/g)).toHaveLength(2);
    const host = (s: string, re: RegExp) => re.exec(s)?.[1];
    // Both apps answer the same host.
    expect(host(entitlements, /applinks:([^<]+)</)).toBe(host(manifest, /android:host="([^"]+)"/));
  });

  it('has the app id and the package version', () => {
    expect(pbxproj.match(/PRODUCT_BUNDLE_IDENTIFIER = ([^;]+);/g)).toEqual([
      `PRODUCT_BUNDLE_IDENTIFIER = ${NATIVE_APP_ID};`,
      `PRODUCT_BUNDLE_IDENTIFIER = ${NATIVE_APP_ID};`,
    ]);
    expect(pbxproj.match(/MARKETING_VERSION = [^;]+;/g)).toEqual(Array(2).fill(`MARKETING_VERSION = ${version};`));
    expect(pbxproj.match(/CURRENT_PROJECT_VERSION = [^;]+;/g)).toEqual(
      Array(2).fill(`CURRENT_PROJECT_VERSION = ${versionCode(version)};`),
    );
  });
});

describe('both projects', () => {
  it('use the app id of capacitor.config.ts, which the server links to', () => {
    expect(capacitorConfig.appId).toBe(NATIVE_APP_ID);
  });

  it('have every icon and splash screen, at its size', async () => {
    for (const [file, width, height] of [...iconFiles, ...splashFiles]) {
      const meta = await sharp(join(webRoot, file)).metadata();
      expect([file, meta.width, meta.height]).toEqual([file, width, height]);
    }
    // Made from Cordata's mark (public/favicon.svg), not the template's: its red at the top of the icon.
    const icon = join(webRoot, 'ios/App/App/Assets.xcassets/AppIcon.appiconset/AppIcon-512@2x.png');
    const { data } = await sharp(icon)
      .extract({ left: 512, top: 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xc8, 0x10, 0x2e]);
  });

  it('declare every Capacitor plugin the app imports', () => {
    const imported = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(webRoot, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.'))
          for (const m of read(path).matchAll(/from '(@(?:capacitor|capgo)\/[a-z-]+)'/g)) imported.add(m[1]!);
      }
    };
    walk('src');
    imported.delete('@capacitor/core');
    expect(imported.size).toBeGreaterThan(3);
    const settings = read('android/capacitor.settings.gradle');
    const podfile = read('ios/App/Podfile');
    const { dependencies } = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    for (const plugin of imported) {
      expect(dependencies, plugin).toHaveProperty([plugin]);
      expect(settings, plugin).toContain(`node_modules/${plugin}/android`);
      expect(podfile, plugin).toContain(`node_modules/${plugin}'`);
    }
  });

  it('use plugins of the Capacitor major version, sharing included (Add to calendar, Share)', () => {
    const { dependencies } = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const major = (range: string) => /\d+/.exec(range)?.[0];
    const capacitor = major(dependencies['@capacitor/core']!);
    // Plugins 8.x need Capacitor 8: a mismatch builds on neither platform.
    for (const [name, range] of Object.entries(dependencies))
      if (name.startsWith('@capacitor/')) expect([name, major(range)]).toEqual([name, capacitor]);
    expect(dependencies).toHaveProperty(['@capacitor/filesystem']);
    expect(dependencies).toHaveProperty(['@capacitor/share']);
  });

  it("let the share sheet hand over files of the app's cache (Android's FileProvider)", () => {
    expect(manifest).toMatch(/android:authorities="\$\{applicationId\}\.fileprovider"/);
    expect(read('android/app/src/main/res/xml/file_paths.xml')).toMatch(/<cache-path [^>]*path="\."/);
  });

  it('keep the Firebase files out of the repository', () => {
    expect(read('android/.gitignore')).toMatch(/^app\/google-services\.json$/m);
    expect(read('ios/.gitignore')).toMatch(/^App\/App\/GoogleService-Info\.plist$/m);
  });
});

describe('npm run mobile:sync (review M12)', () => {
  it('refuses to build an app without the release public key, which could never update', () => {
    expect(() => assertReleaseKey({})).toThrow(/VITE_RELEASE_PUBLIC_KEY/);
    expect(() => assertReleaseKey({ VITE_RELEASE_PUBLIC_KEY: 'not-a-key' })).toThrow(/VITE_RELEASE_PUBLIC_KEY/);
    expect(() => assertReleaseKey({ VITE_RELEASE_PUBLIC_KEY: btoa('k'.repeat(32)) })).not.toThrow();
  });
});
