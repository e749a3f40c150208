import { FALLBACK_LANGUAGE, type Language } from '@cordata/contract';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from './share-card.ts';
import type { ShareKind, SharePreview } from './share-preview.ts';

const SHARE_PAGES: Record<string, ShareKind> = { 'view-activity': 'activity', 'view-group': 'group' };

/** The object a shared page names: `/view-activity/{id}` or `/view-group/{id}`, else null. */
export function shareTarget(path: string): { kind: ShareKind; id: string } | null {
  const match = /^\/(view-activity|view-group)\/([^/]+)\/?$/.exec(path);
  const kind = match && SHARE_PAGES[match[1] ?? ''];
  return kind && match[2] ? { kind, id: match[2] } : null;
}

/** The share card of a shareable activity (share-image.ts), under the product's API space, in the language given. */
export const routeImagePath = (product: string, activityId: string, language: Language = FALLBACK_LANGUAGE) =>
  `/api/space/${product}/share/activities/${activityId}.png${language === FALLBACK_LANGUAGE ? '' : `?lang=${language}`}`;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Names and descriptions are user input: every value goes through this before it enters the page. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The Open Graph and Twitter tags of a preview. Without PUBLIC_URL there is no absolute address to give,
 * so og:url and the route picture are left out (a crawler cannot use relative ones). The route picture's words are in
 * `language`, the preview's.
 */
export function shareTags(
  preview: SharePreview,
  options: { publicUrl?: string; product: string; language?: Language },
): string {
  const origin = options.publicUrl?.replace(/\/+$/, '');
  const page = preview.kind === 'activity' ? 'view-activity' : 'view-group';
  const image =
    preview.kind === 'activity'
      ? origin && `${origin}${routeImagePath(options.product, preview.id, options.language)}`
      : preview.picture;
  const routePicture = preview.kind === 'activity' && Boolean(image);
  const meta: (readonly [attribute: 'property' | 'name', key: string, value: string | null | undefined])[] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Cordata'],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', origin && `${origin}/${page}/${preview.id}`],
    ['property', 'og:image', image],
    ['property', 'og:image:width', routePicture ? String(SHARE_CARD_WIDTH) : null],
    ['property', 'og:image:height', routePicture ? String(SHARE_CARD_HEIGHT) : null],
    // The large card needs a picture: without one, the small card shows the text alone.
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
  ];
  return meta
    .filter(([, , value]) => value)
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value ?? '')}">`)
    .join('');
}

/** The entry page with the preview's title and tags in its head. */
export function withShareTags(html: string, preview: SharePreview, tags: string): string {
  const title = `<title>${escapeHtml(`${preview.title} · Cordata`)}</title>`;
  const titled = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, () => title)
    : html.replace('</head>', () => `${title}</head>`);
  return titled.replace('</head>', () => `${tags}</head>`);
}
