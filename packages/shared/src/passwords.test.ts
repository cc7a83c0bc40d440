import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';
import {
  isCommonPassword,
  PASSWORD_MESSAGES,
  passwordProblem,
  signupBodySchema,
  updateUserBodySchema,
} from './passwords.ts';

describe('password rules', () => {
  it('ships 10,000 distinct common passwords of 8+ characters', () => {
    const list = COMMON_PASSWORDS_TEXT.split('\n');
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
  });

  it('refuses common passwords in any case, and short or overlong ones', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('Rebar-Stamp-Plan-42')).toBe(false);
    expect(passwordProblem('QWERTYUIOP')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(passwordProblem('abc1234')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('😀😀😀😀😀😀😀')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('a'.repeat(128))).toBe(null);
    expect(passwordProblem('a'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
  });
});

describe('form schemas', () => {
  it('normalises the sign-up e-mail and refuses the admin role', () => {
    const ok = signupBodySchema.parse({
      fullName: ' Ada ',
      email: ' Ada@Example.COM ',
      password: 'Rebar-Stamp-Plan-42',
      role: 'engineer',
    });
    expect(ok).toMatchObject({ fullName: 'Ada', email: 'ada@example.com' });
    expect(signupBodySchema.safeParse({ ...ok, role: 'admin' }).success).toBe(false);
  });

  it('treats empty password fields of the profile form as not given', () => {
    expect(updateUserBodySchema.parse({ full_name: 'A', oldPassword: '', newPassword: '' })).toEqual({
      full_name: 'A',
    });
  });
});
