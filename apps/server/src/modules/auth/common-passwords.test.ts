import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('the common-password check (ASVS V6.2.4)', () => {
  it.each(['Password1!', 'P@ssw0rd!', 'Dr@gon2024?', 'Qwerty123!', 'Sunshine#2024', 'Iloveyou1!'])(
    'refuses %s, a common password dressed up for the rules of spec §5',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  it.each(['Trail#Run9x', 'Mont#Blanc4807', 'Secret#Trail77', 'Grigna%Nord1'])('accepts %s', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});
