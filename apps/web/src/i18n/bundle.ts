import type { Resources } from './en.ts';

/**
 * A language's texts from the JSON files of locales/<language>/, gathered by `import.meta.glob`: `common` at the top,
 * each other namespace under its name, as en.ts. A module of its own, so that another language's chunk does not pull
 * in the English texts.
 */
export function bundle(files: Record<string, unknown>): Resources {
  const texts: Record<string, unknown> = {};
  for (const [path, namespace] of Object.entries(files)) {
    const name = /([^/]+)\.json$/.exec(path)?.[1] ?? '';
    if (name === 'common') Object.assign(texts, namespace);
    else texts[name] = namespace;
  }
  return texts as Resources;
}
