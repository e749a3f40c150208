import { config } from '../../config.ts';

/** The address anyone can open: PUBLIC_URL when the build or the server knows it, else this page's origin. */
export function publicLink(path: string): string {
  const origin = config.publicUrl || (typeof location === 'undefined' ? '' : location.origin);
  return `${origin.replace(/\/$/, '')}${path}`;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * The system share sheet where there is one (phones, most browsers), else the link is copied. A person who
 * closes the share sheet has cancelled, not failed.
 */
export async function shareLink(
  content: { title: string; text?: string; url: string },
  nav: Pick<Navigator, 'share' | 'clipboard'> | undefined = globalThis.navigator,
): Promise<ShareOutcome> {
  if (nav?.share) {
    try {
      await nav.share(content);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await nav?.clipboard.writeText(content.url);
    return nav?.clipboard ? 'copied' : 'failed';
  } catch {
    return 'failed';
  }
}

/** Hands a text file to the person: the browser downloads it, a calendar app offers to open it. */
export function saveTextFile(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
