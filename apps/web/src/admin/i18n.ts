import i18n from 'i18next';

/** The admin area's strings (locales/<language>.json): loaded with its chunk, under their own namespace. */
export const ADMIN_NS = 'adminArea';
const files = import.meta.glob<Record<string, unknown>>('./locales/*.json', { eager: true, import: 'default' });
for (const [path, texts] of Object.entries(files)) {
  const language = /([^/]+)\.json$/.exec(path)?.[1];
  if (language) i18n.addResourceBundle(language, ADMIN_NS, texts, true, true);
}
