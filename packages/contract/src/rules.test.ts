import { describe, expect, it } from 'vitest';
import {
  ageOn,
  BirthDate,
  Email,
  hasObviousSequence,
  isCompleteCode,
  isOldEnough,
  isValidName,
  isValidUsername,
  NAME_FORBIDDEN_SYMBOLS,
  PersonName,
  passwordProblem,
  validationMessages,
} from './index.ts';

describe('name rule (2 to 20 characters, no listed symbol)', () => {
  it('takes names on both sides of the length limits', () => {
    expect(isValidName('A')).toBe(false);
    expect(isValidName('Al')).toBe(true);
    expect(isValidName('A'.repeat(20))).toBe(true);
    expect(isValidName('A'.repeat(21))).toBe(false);
  });

  it('refuses every listed symbol and accepts accents, spaces, apostrophes and hyphens', () => {
    for (const symbol of NAME_FORBIDDEN_SYMBOLS) expect(isValidName(`Ann${symbol}a`), symbol).toBe(false);
    expect(isValidName("D'Angelo-Rossi")).toBe(true);
    expect(isValidName('Niccolò Forlì')).toBe(true);
  });

  it('gives the spec message', () => {
    const result = PersonName.safeParse('Anna!');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('No special characters, maximum 20');
    expect(PersonName.safeParse('').error?.issues[0]?.message).toBe('* Required field');
  });
});

describe('username rule (letters and digits, at least 4)', () => {
  it.each([
    ['abc', false],
    ['abcd', true],
    ['ab12', true],
    ['ab_12', false],
    ['ab 12', false],
    ['àbcd', false],
  ])('%s → %s', (name, valid) => expect(isValidUsername(name)).toBe(valid));
});

describe('minimum age 16', () => {
  const today = new Date('2026-11-21T10:00:00Z');
  it('counts whole years around the birthday', () => {
    expect(ageOn('2010-11-21', today)).toBe(16);
    expect(ageOn('2010-11-22', today)).toBe(15);
    expect(isOldEnough('2010-11-21', today)).toBe(true);
    expect(isOldEnough('2010-11-22', today)).toBe(false);
  });
  it('refuses an impossible date', () => {
    expect(BirthDate.safeParse('2010-02-30').success).toBe(false);
    expect(BirthDate.safeParse('1800-01-01').success).toBe(false);
  });
});

describe('password rule', () => {
  it('needs 8 characters with upper, lower, digit and symbol', () => {
    expect(passwordProblem('Tr4il!x')).toBe('passwordWeak');
    expect(passwordProblem('Tr4il!xy')).toBeNull();
    expect(passwordProblem('tr4il!xy')).toBe('passwordWeak');
    expect(passwordProblem('TR4IL!XY')).toBe('passwordWeak');
    expect(passwordProblem('Trail!xy')).toBe('passwordWeak');
    expect(passwordProblem('Tr4ilxyz')).toBe('passwordWeak');
  });
  it('refuses personal information and obvious sequences', () => {
    expect(passwordProblem('Mario.Rossi9!', 'mario.rossi@example.com')).toBe('passwordPersonal');
    expect(passwordProblem('Xy!1234zz')).toBe('passwordPersonal');
    expect(passwordProblem('Qwerty!9x')).toBe('passwordPersonal');
    expect(passwordProblem('Aaaa!9xyz')).toBe('passwordPersonal');
    expect(passwordProblem('Dcba!9xyQ')).toBe('passwordPersonal');
    expect(hasObviousSequence('Tr4il!Mx')).toBe(false);
  });
});

describe('codes and e-mail', () => {
  it('needs the full 6-digit code', () => {
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345a')).toBe(false);
    expect(validationMessages.codeIncomplete).toBe('Enter the complete code');
    expect(validationMessages.codeMismatch).toBe('The code entered does not match');
  });
  it('lowercases e-mail addresses so they compare case-insensitively', () => {
    expect(Email.parse('  Mario.Rossi@Example.COM ')).toBe('mario.rossi@example.com');
    expect(Email.safeParse('not-an-email').success).toBe(false);
  });
});
