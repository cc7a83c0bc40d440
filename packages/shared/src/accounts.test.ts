import { describe, expect, it } from 'vitest';
import {
  clientAccountInputSchema,
  engineerAccountCreateSchema,
  engineerAccountUpdateSchema,
} from './accounts.ts';

const engineer = {
  phone_number: '5125550100',
  ssn: '123456789',
  country: 'USA',
  state: 'Texas',
  specializations: ['civil', 'structural'],
  highest_education: 'master',
  years_of_experience: 7,
  portfolio: 'https://example.com/me',
  hours_rate: 12550,
  availability: 'full-time',
};

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues[0].message;

describe('engineer account schema', () => {
  it('accepts a complete account', () => {
    expect(engineerAccountCreateSchema.safeParse(engineer).success).toBe(true);
  });
  it('wants exactly 10 phone digits and 9 SSN digits', () => {
    expect(
      firstMessage(engineerAccountCreateSchema.safeParse({ ...engineer, phone_number: '512555010' })),
    ).toBe('Enter a US or Australian phone number, such as (512) 555-0142 or 0412 345 678.');
    expect(
      firstMessage(engineerAccountCreateSchema.safeParse({ ...engineer, phone_number: '51255501OO' })),
    ).toBe('Enter a US or Australian phone number, such as (512) 555-0142 or 0412 345 678.');
    expect(firstMessage(engineerAccountCreateSchema.safeParse({ ...engineer, ssn: '1234567890' }))).toBe(
      'SSN must be 9 digits.',
    );
  });
  it('keeps the SSN when an update leaves it empty', () => {
    const r = engineerAccountUpdateSchema.parse({ ...engineer, ssn: '' });
    expect(r.ssn).toBeUndefined();
  });
  it('refuses a state outside the country, a javascript: portfolio, a negative rate', () => {
    expect(engineerAccountCreateSchema.safeParse({ ...engineer, country: 'Australia' }).success).toBe(false);
    expect(
      engineerAccountCreateSchema.safeParse({ ...engineer, portfolio: 'javascript:alert(1)' }).success,
    ).toBe(false);
    expect(engineerAccountCreateSchema.safeParse({ ...engineer, hours_rate: -1 }).success).toBe(false);
    expect(engineerAccountCreateSchema.safeParse({ ...engineer, hours_rate: 12.5 }).success).toBe(false);
  });
});

describe('client account schema', () => {
  it('accepts a client without a company and checks the phone', () => {
    expect(
      clientAccountInputSchema.safeParse({
        phone_number: '0412345678',
        country: 'Australia',
        state: 'Victoria',
      }).success,
    ).toBe(true);
    expect(
      firstMessage(
        clientAccountInputSchema.safeParse({ phone_number: '12', country: 'Australia', state: 'Victoria' }),
      ),
    ).toBe('Enter a US or Australian phone number, such as (512) 555-0142 or 0412 345 678.');
  });
});
