/**
 * The URL with the first character of one query parameter changed to another one: a forged signature.
 * Changing the first character (never the last, whose low bits base64 may ignore) always alters the value.
 */
export function forgeParameter(url: string, name: string): string {
  const forged = new URL(url, 'http://cordata.test');
  const value = forged.searchParams.get(name) ?? '';
  forged.searchParams.set(name, `${value.startsWith('A') ? 'B' : 'A'}${value.slice(1)}`);
  return url.startsWith('http') ? forged.toString() : `${forged.pathname}${forged.search}`;
}
