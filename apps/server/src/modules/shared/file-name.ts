/**
 * A file name for something a person downloads, from its title: ASCII letters, digits and dashes only (no
 * path, no quote, nothing a file system or a Content-Disposition header could misread), at most 60
 * characters before the suffix, `fallback` when nothing is left.
 */
export function downloadName(title: string, suffix: string, fallback: string): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .replace(/_/g, ' ')
      .trim()
      .replace(/[\s-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60)
      .replace(/-+$/, '') || fallback;
  return `${slug}${suffix}`;
}
