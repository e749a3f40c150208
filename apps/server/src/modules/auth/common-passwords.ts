import { createRequire } from 'node:module';

/**
 * The 49 000 most common passwords of zxcvbn-ts's list (MIT), shipped as an npm dependency so the
 * check needs no network (ASVS V6.2.4). Spec §5 already asks for upper and lower case, a digit and a
 * symbol, so a common password shows up with those decorations: "Password1!", "Dr@gon2024?". The
 * check strips them before looking the core up.
 */
const common: ReadonlySet<string> = new Set(
  createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[],
);

const leet: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

const strip = (s: string) => s.replace(/^[^a-z]+|[^a-z]+$/g, '');
const unleet = (s: string) => s.replace(/[@431!05$7]/g, (c) => leet[c] ?? c);

/** The forms a decorated password may hide a common one under. */
function cores(password: string): string[] {
  const lower = password.toLowerCase();
  return [lower, strip(lower), unleet(strip(lower)), strip(unleet(lower))];
}

export const isCommonPassword = (password: string) =>
  cores(password).some((core) => core.length >= 4 && common.has(core));
