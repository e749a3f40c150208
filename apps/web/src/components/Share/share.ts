import { config } from '../../config.ts';
import { getPlatform } from '../../native/index.ts';
import type { Platform, SharedFile } from '../../native/platform.ts';
import { openSheet } from '../../sheets/store.ts';

/** The address anyone can open: PUBLIC_URL when the build or the server knows it, else this page's origin. */
export function publicLink(path: string): string {
  const origin = config.publicUrl || (typeof location === 'undefined' ? '' : location.origin);
  return `${origin.replace(/\/$/, '')}${path}`;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * The system share sheet where there is one (phones, most browsers), else the link is copied. A person who
 * closes the share sheet has cancelled, not failed. The phone app has its own sheet (Android's WebView has
 * no navigator.share).
 */
export async function shareLink(
  content: { title: string; text?: string; url: string },
  nav: Pick<Navigator, 'share' | 'clipboard'> | undefined = globalThis.navigator,
  platform: Platform = getPlatform(),
): Promise<ShareOutcome> {
  if (platform.isNative) {
    try {
      return await platform.shareLink(content);
    } catch {
      // No sheet: the link is copied instead, as on the web.
    }
  } else if (nav?.share) {
    try {
      await nav.share(content);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  return copyText(content.url, nav);
}

/**
 * shareLink, and where the link could be neither shared nor copied, a sheet that shows it to copy by hand
 * (ux review §3.7): 'shown' then. The caller tells of a copy in its own words.
 */
export async function shareOrShowLink(
  content: { title: string; text?: string; url: string },
  nav: Pick<Navigator, 'share' | 'clipboard'> | undefined = globalThis.navigator,
  platform: Platform = getPlatform(),
): Promise<Exclude<ShareOutcome, 'failed'> | 'shown'> {
  const outcome = await shareLink(content, nav, platform);
  if (outcome !== 'failed') return outcome;
  showLinkToCopy(content.url);
  return 'shown';
}

/** The sheet with the link to copy by hand. */
export const showLinkToCopy = (url: string) => openSheet({ type: 'share-link', params: { url } });

/** Copies a text (an address) to the clipboard: 'failed' where there is no clipboard or it is refused. */
export async function copyText(
  text: string,
  nav: Pick<Navigator, 'clipboard'> | undefined = globalThis.navigator,
): Promise<'copied' | 'failed'> {
  if (!nav?.clipboard) return 'failed';
  try {
    await nav.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/**
 * Hands a text file to the person: the browser downloads it (a calendar app offers to open an .ics); the
 * phone app writes it to its cache and opens the share sheet with it, where the calendar app imports it.
 * Rejects with a `FileWriteError` when the phone cannot write the file; a closed sheet is 'cancelled'.
 */
export async function saveTextFile(
  file: SharedFile,
  platform: Platform = getPlatform(),
): Promise<'saved' | 'shared' | 'cancelled'> {
  if (platform.isNative) return platform.shareFile(file);
  const url = URL.createObjectURL(new Blob([file.contents], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'saved';
}

/**
 * Opens an address that another app handles: a webcal: subscription, which the calendar app subscribes to.
 * A browser follows the link itself; the phone app hands it to the system. True when it was handed over, so
 * that the link does not navigate as well.
 */
export function openInOtherApp(url: string, platform: Platform = getPlatform()): boolean {
  if (!platform.isNative) return false;
  void platform.openUrl(url);
  return true;
}
