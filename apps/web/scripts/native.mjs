/**
 * The Android and iOS projects (apps/web/android, apps/web/ios) as the release needs them:
 *   node scripts/native.mjs assets            icons and splash screens, every size, from public/favicon.svg
 *   node scripts/native.mjs sync              (npm run mobile:sync) the web build for VITE_PUBLIC_URL, the link
 *                                              host, the version and the Firebase files, then `cap sync`
 * What both projects must hold is checked by native.test.ts (docs/mobile.md).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path) => join(webRoot, path);

export const nativeFiles = {
  manifest: at('android/app/src/main/AndroidManifest.xml'),
  gradle: at('android/app/build.gradle'),
  entitlements: at('ios/App/App/App.entitlements'),
  pbxproj: at('ios/App/App.xcodeproj/project.pbxproj'),
  infoPlist: at('ios/App/App/Info.plist'),
  googleServices: at('android/app/google-services.json'),
  googleServiceInfo: at('ios/App/App/GoogleService-Info.plist'),
};

/** Store version code of a three-part version: 1.1.6 → 10106 (each part below 100). */
export function versionCode(version) {
  const [major, minor, patch] = version.split('.').map(Number);
  return major * 10_000 + minor * 100 + patch;
}

/** Square icons and splash screens: [file, width, height], as the Capacitor 7 templates lay them out. */
export const iconFiles = [
  ...[
    ['mdpi', 48],
    ['hdpi', 72],
    ['xhdpi', 96],
    ['xxhdpi', 144],
    ['xxxhdpi', 192],
  ].flatMap(([density, size]) => [
    [`android/app/src/main/res/mipmap-${density}/ic_launcher.png`, size, size],
    [`android/app/src/main/res/mipmap-${density}/ic_launcher_round.png`, size, size],
    // Adaptive icons: 108 dp, of which the middle 72 dp always show.
    [`android/app/src/main/res/mipmap-${density}/ic_launcher_foreground.png`, size * 2.25, size * 2.25],
  ]),
  ['ios/App/App/Assets.xcassets/AppIcon.appiconset/AppIcon-512@2x.png', 1024, 1024],
  // The web app manifest's icons (public/manifest.webmanifest).
  ['public/icon-192.png', 192, 192],
  ['public/icon-512.png', 512, 512],
];
export const splashFiles = [
  ['android/app/src/main/res/drawable/splash.png', 480, 320],
  ...[
    ['mdpi', 320, 480],
    ['hdpi', 480, 800],
    ['xhdpi', 720, 1280],
    ['xxhdpi', 960, 1600],
    ['xxxhdpi', 1280, 1920],
  ].flatMap(([density, w, h]) => [
    [`android/app/src/main/res/drawable-port-${density}/splash.png`, w, h],
    [`android/app/src/main/res/drawable-land-${density}/splash.png`, h, w],
  ]),
  ...['', '-1', '-2'].map((n) => [`ios/App/App/Assets.xcassets/Splash.imageset/splash-2732x2732${n}.png`, 2732, 2732]),
];

const BRAND_BACKGROUND = '#ffffff';

/** Writes every icon and splash screen from the one source image. */
async function assets() {
  const sharp = (await import('sharp')).default;
  const source = readFileSync(at('public/favicon.svg'));
  for (const [file, w, h] of iconFiles) {
    const foreground = file.includes('foreground');
    // A foreground keeps its mark inside the adaptive icon's safe circle; the others fill the square.
    const mark = Math.round(foreground ? w * 0.6 : w);
    const image = sharp(source, { density: 600 }).resize(mark, mark);
    const png = foreground
      ? await sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
          .composite([{ input: await image.png().toBuffer(), gravity: 'center' }])
          .png()
          .toBuffer()
      : await image.flatten({ background: BRAND_BACKGROUND }).png().toBuffer();
    writeFileSync(at(file), png);
  }
  for (const [file, w, h] of splashFiles) {
    const mark = Math.round(Math.min(w, h) * 0.3);
    const logo = await sharp(source, { density: 600 }).resize(mark, mark).png().toBuffer();
    const png = await sharp({ create: { width: w, height: h, channels: 3, background: BRAND_BACKGROUND } })
      .composite([{ input: logo, gravity: 'center' }])
      .png()
      .toBuffer();
    writeFileSync(at(file), png);
  }
  console.log(`wrote ${iconFiles.length} icons and ${splashFiles.length} splash screens`);
}

/** Points the App Links and Universal Links at `host`, and the store versions at `version`. */
export function configure({ host, version }) {
  const edit = (file, change) => writeFileSync(file, change(readFileSync(file, 'utf8')));
  edit(nativeFiles.manifest, (s) => s.replace(/(<data android:scheme="https" android:host=")[^"]*(")/, `$1${host}$2`));
  edit(nativeFiles.entitlements, (s) =>
    s.replace(/<string>applinks:[^<]*<\/string>/, `<string>applinks:${host}</string>`),
  );
  edit(nativeFiles.gradle, (s) =>
    s
      .replace(/versionCode \d+/, `versionCode ${versionCode(version)}`)
      .replace(/versionName "[^"]*"/, `versionName "${version}"`),
  );
  edit(nativeFiles.pbxproj, (s) =>
    s
      .replaceAll(/MARKETING_VERSION = [^;]*;/g, `MARKETING_VERSION = ${version};`)
      .replaceAll(/CURRENT_PROJECT_VERSION = [^;]*;/g, `CURRENT_PROJECT_VERSION = ${versionCode(version)};`),
  );
}

/** The Firebase files come from the environment at build time (paths), and are never committed. */
function copyFirebaseFiles(env) {
  for (const [variable, target] of [
    ['GOOGLE_SERVICES_JSON', nativeFiles.googleServices],
    ['GOOGLE_SERVICE_INFO_PLIST', nativeFiles.googleServiceInfo],
  ]) {
    const source = env[variable];
    if (!source) {
      console.warn(`${variable} is not set: push notifications will not work in this build`);
      continue;
    }
    if (!existsSync(source)) throw new Error(`${variable} names a file that does not exist: ${source}`);
    copyFileSync(source, target);
  }
}

/**
 * A store build must carry the release public key: without it the app installs no live update at all
 * (verifyRelease.ts fails closed, review M12), so the build is refused rather than shipped unable to update.
 */
export function assertReleaseKey(env) {
  const key = env.VITE_RELEASE_PUBLIC_KEY ?? '';
  if (!/^[A-Za-z0-9+/]{43}=$/.test(key)) {
    throw new Error(
      'Set VITE_RELEASE_PUBLIC_KEY to the release public key (32 bytes in base64, docs/mobile.md): without it the app could never update',
    );
  }
}

function sync(env) {
  const publicUrl = env.VITE_PUBLIC_URL;
  if (!publicUrl || !/^https:\/\/[^/]+\/?$/.test(publicUrl)) {
    throw new Error('Set VITE_PUBLIC_URL to the server the app talks to, e.g. https://cordata.example.org');
  }
  assertReleaseKey(env);
  const { version } = JSON.parse(readFileSync(at('package.json'), 'utf8'));
  execFileSync('npm', ['run', 'build'], { cwd: webRoot, stdio: 'inherit', env });
  configure({ host: new URL(publicUrl).host, version });
  copyFirebaseFiles(env);
  execFileSync('npx', ['cap', 'sync'], { cwd: webRoot, stdio: 'inherit', env });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  try {
    if (command === 'assets') await assets();
    else if (command === 'sync') sync(process.env);
    else throw new Error('usage: node scripts/native.mjs assets|sync');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
