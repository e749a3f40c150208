import {
  isCompleteCode,
  isOldEnough,
  isValidName,
  isValidUsername,
  passwordProblem,
  type ValidationMessageKey,
} from '@cordata/contract';

/**
 * The spec §5 rules as the forms show them: each check returns the message key of the first
 * broken rule (translated through `validation.<key>`), or null. The rules themselves are the contract's.
 */
export type Problem = ValidationMessageKey | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const required = (value: string): Problem => (value.trim() ? null : 'required');

export const emailProblem = (value: string): Problem =>
  required(value) ?? (EMAIL.test(value.trim()) ? null : 'emailInvalid');

export const newPasswordProblem = (password: string, email?: string): Problem =>
  required(password) ?? passwordProblem(password, email?.trim().toLowerCase());

export const repeatProblem = (password: string, repeat: string): Problem =>
  required(repeat) ?? (password === repeat ? null : 'passwordsMismatch');

/** A new password and its repetition, checked together. */
export const newPasswordProblems = (password: string, repeat: string, email?: string) => ({
  password: newPasswordProblem(password, email),
  repeat: repeatProblem(password, repeat),
});

export const codeProblem = (code: string): Problem => (isCompleteCode(code) ? null : 'codeIncomplete');

export const nameProblem = (value: string): Problem => required(value) ?? (isValidName(value) ? null : 'nameInvalid');

export const usernameProblem = (value: string): Problem =>
  required(value) ?? (isValidUsername(value.trim()) ? null : 'usernameInvalid');

export const birthDateProblem = (value: string, today = new Date()): Problem =>
  required(value) ?? (/^\d{4}-\d{2}-\d{2}$/.test(value) && isOldEnough(value, today) ? null : 'tooYoung');

/** The problems of a form, keyed by field; empty when it may be sent. */
export function problemsOf<K extends string>(checks: Record<K, Problem>): Partial<Record<K, ValidationMessageKey>> {
  const found: Partial<Record<K, ValidationMessageKey>> = {};
  for (const key of Object.keys(checks) as K[]) {
    const problem = checks[key];
    if (problem) found[key] = problem;
  }
  return found;
}
