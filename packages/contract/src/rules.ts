import { z } from 'zod';
import {
  MIN_AGE_YEARS,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants.ts';

/**
 * The validation messages of spec §5, in English. Each has a stable key: the app shows the
 * localized text for the key, the server answers with the English text.
 */
export const validationMessages = {
  required: '* Required field',
  passwordsMismatch: '* Passwords do not match',
  endAfterStart: '* The end time must be after the start time',
  nameInvalid: 'No special characters, maximum 20',
  usernameInvalid: 'Letters and digits only, at least 4 characters',
  usernameTaken: 'Username already in use',
  tooYoung: 'You must be at least 16 years old',
  activityTooSoon: 'An activity must start at least 30 minutes from now',
  passwordWeak: 'At least 8 characters, with an uppercase letter, a lowercase letter, a digit and a special character',
  passwordPersonal: 'Avoid personal information or obvious sequences',
  codeIncomplete: 'Enter the complete code',
  codeMismatch: 'The code entered does not match',
  termsRequired: 'Accept the terms and the privacy policy',
  sportRequired: 'Choose at least one sport',
  emailInvalid: 'Enter a valid e-mail address',
  controlCharacters: 'Remove the invisible control characters (only line breaks are allowed in a description)',
} as const;
export type ValidationMessageKey = keyof typeof validationMessages;

/** The symbols a name may not contain (spec §5). */
export const NAME_FORBIDDEN_SYMBOLS = '±!@£$%^&*_+§¡€#¢¶•ªº«\\/<>?:;|=';
const forbiddenName = new RegExp(`[${NAME_FORBIDDEN_SYMBOLS.replace(/[\\\]^-]/g, '\\$&')}]`);

export function isValidName(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length >= NAME_MIN_LENGTH && trimmed.length <= NAME_MAX_LENGTH && !forbiddenName.test(trimmed);
}

export function isValidUsername(value: string): boolean {
  return value.length >= USERNAME_MIN_LENGTH && value.length <= 30 && /^[A-Za-z0-9]+$/.test(value);
}

/** Whole years between a YYYY-MM-DD birth date and `today`. */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export function isOldEnough(birthDate: string, today: Date = new Date()): boolean {
  return ageOn(birthDate, today) >= MIN_AGE_YEARS;
}

const OBVIOUS_SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** True when the password holds a run of 4 from an obvious sequence (either way) or 4 repeated characters. */
export function hasObviousSequence(password: string): boolean {
  const lower = password.toLowerCase();
  if (/(.)\1{3}/.test(lower)) return true;
  for (const seq of OBVIOUS_SEQUENCES) {
    for (const s of [seq, [...seq].reverse().join('')]) {
      for (let i = 0; i + 4 <= s.length; i++) {
        if (lower.includes(s.slice(i, i + 4))) return true;
      }
    }
  }
  return false;
}

/**
 * The password rule of spec §5. Returns the message key of the first broken rule, or null.
 * `email` lets the rule refuse a password that contains the address's name part.
 */
export function passwordProblem(password: string, email?: string): 'passwordWeak' | 'passwordPersonal' | null {
  const strong =
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= 128 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password);
  if (!strong) return 'passwordWeak';
  const local = email?.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && password.toLowerCase().includes(local)) return 'passwordPersonal';
  if (hasObviousSequence(password)) return 'passwordPersonal';
  return null;
}

/**
 * C0 control characters and DEL. Names never hold them; a description may hold line feeds (\n) only, so a bare
 * carriage return or a NUL cannot reach a calendar file, an e-mail or a log line (review finding L-N2).
 */
export const hasControlCharacters = (value: string, lineFeedAllowed = false) =>
  [...value].some((char) => isControlCharacter(char) && !(lineFeedAllowed && char === '\n'));

/** A C0 control character (U+0000 to U+001F) or DEL. */
export const isControlCharacter = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

export const isCompleteCode = (code: string) => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);

// zod schemas built on the rules, for request bodies.
/** A one-line text a person typed (a name, a label): trimmed, at most `max`, no control characters. */
export const PlainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControlCharacters(v), validationMessages.controlCharacters);
/** A free text of several lines (a description): trimmed, at most `max`, line feeds the only control characters. */
export const MultilineText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !hasControlCharacters(v, true), validationMessages.controlCharacters);
export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: validationMessages.emailInvalid }))
  .transform((e) => e.toLowerCase());
export const Password = z
  .string()
  .min(1, validationMessages.required)
  .max(128)
  .refine((p) => passwordProblem(p) !== 'passwordWeak', validationMessages.passwordWeak);
export const PersonName = z
  .string()
  .trim()
  .min(1, validationMessages.required)
  .refine((v) => !hasControlCharacters(v), validationMessages.controlCharacters)
  .refine(isValidName, validationMessages.nameInvalid);
export const Username = z
  .string()
  .trim()
  .min(1, validationMessages.required)
  .refine(isValidUsername, validationMessages.usernameInvalid);
export const OtpCode = z.string().refine(isCompleteCode, validationMessages.codeIncomplete);
export const BirthDate = z.iso
  .date()
  .refine((d) => isOldEnough(d), validationMessages.tooYoung)
  .refine((d) => d >= '1900-01-01', 'Enter a real birth date');
