/** Loads Google Tag Manager once, and only after the user consented (spec §9, GDPR). */
let loaded = false;

export function loadTagManager(containerId: string, doc: Document = document): boolean {
  if (loaded || !containerId) return false;
  loaded = true;
  const w = doc.defaultView as (Window & { dataLayer?: unknown[] }) | null;
  if (w) {
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  }
  const script = doc.createElement('script');
  script.async = true;
  // The page's nonce (set by the server where the tag manager is configured) is what lets it load.
  // Browsers hide the attribute's value once the page is parsed and keep it in the property.
  const entry = doc.querySelector<HTMLScriptElement>('script[nonce]');
  const nonce = entry?.nonce || entry?.getAttribute('nonce');
  if (nonce) script.setAttribute('nonce', nonce);
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  doc.head.appendChild(script);
  return true;
}
