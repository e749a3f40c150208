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
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  doc.head.appendChild(script);
  return true;
}
