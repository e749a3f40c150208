import { describe, expect, it } from 'vitest';
import {
  birthDateProblem,
  codeProblem,
  emailProblem,
  nameProblem,
  newPasswordProblem,
  newPasswordProblems,
  problemsOf,
  repeatProblem,
  usernameProblem,
} from './validation.ts';

describe('form rules (spec §5)', () => {
  it('requires fields', () => {
    expect(emailProblem('  ')).toBe('required');
    expect(nameProblem('')).toBe('required');
    expect(newPasswordProblem('')).toBe('required');
    expect(repeatProblem('Abc#1234x', '')).toBe('required');
  });

  it('checks e-mail addresses', () => {
    expect(emailProblem('ann@example.test')).toBeNull();
    expect(emailProblem('ann@example')).toBe('emailInvalid');
  });

  it('checks passwords with the contract rule, and their repetition', () => {
    expect(newPasswordProblem('Tr#9xLmp')).toBeNull();
    expect(newPasswordProblem('Tr#9xLm')).toBe('passwordWeak');
    expect(newPasswordProblem('Qwerty#9Zz')).toBe('passwordPersonal');
    expect(newPasswordProblem('Giulia#Peak9', 'Giulia@example.test')).toBe('passwordPersonal');
    expect(repeatProblem('Tr#9xLmp', 'Tr#9xLmq')).toBe('passwordsMismatch');
    expect(repeatProblem('Tr#9xLmp', 'Tr#9xLmp')).toBeNull();
    expect(newPasswordProblems('Giulia#Peak9', '', 'giulia@example.test')).toEqual({
      password: 'passwordPersonal',
      repeat: 'required',
    });
    expect(newPasswordProblems('Tr#9xLmp', 'Tr#9xLmq')).toEqual({ password: null, repeat: 'passwordsMismatch' });
    expect(newPasswordProblems('Tr#9xLmp', 'Tr#9xLmp')).toEqual({ password: null, repeat: null });
  });

  it('needs the complete code', () => {
    expect(codeProblem('12345')).toBe('codeIncomplete');
    expect(codeProblem('123456')).toBeNull();
  });

  it('checks names, usernames and age on both sides of their limits', () => {
    expect(nameProblem('A')).toBe('nameInvalid');
    expect(nameProblem('Al')).toBeNull();
    expect(nameProblem('A'.repeat(20))).toBeNull();
    expect(nameProblem('A'.repeat(21))).toBe('nameInvalid');
    expect(nameProblem('Ann!')).toBe('nameInvalid');
    expect(usernameProblem('abc')).toBe('usernameInvalid');
    expect(usernameProblem('abcd')).toBeNull();
    expect(usernameProblem('ab_cd')).toBe('usernameInvalid');
    const today = new Date('2026-11-21T12:00:00Z');
    expect(birthDateProblem('2010-11-21', today)).toBeNull();
    expect(birthDateProblem('2010-11-22', today)).toBe('tooYoung');
  });

  it('collects only the broken rules', () => {
    expect(problemsOf({ a: null, b: 'required' })).toEqual({ b: 'required' });
  });
});
