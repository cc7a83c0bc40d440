import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone } from './phones.ts';

describe('normalizePhone', () => {
  it('reads the usual US forms as E.164', () => {
    for (const t of ['+1 512 555 0142', '(512) 555-0142', '512.555.0142', '1-512-555-0142', '5125550142'])
      expect(normalizePhone(t), t).toBe('+15125550142');
  });
  it('reads the usual Australian forms as E.164', () => {
    for (const t of ['0412 345 678', '+61 412 345 678', '+61412345678'])
      expect(normalizePhone(t), t).toBe('+61412345678');
    expect(normalizePhone('(02) 9876 5432')).toBe('+61298765432');
    expect(normalizePhone('1300 123 456')).toBe('+611300123456');
  });
  it('prefers the account’s country for a number without a country code', () => {
    expect(normalizePhone('0412 345 678', 'USA')).toBe('+61412345678');
    expect(normalizePhone('512 555 0142', 'Australia')).toBe('+15125550142');
  });
  it('refuses numbers of other countries and text that is no number', () => {
    for (const t of ['+44 20 7946 0958', '123', '0000000000', '555-0142', '', 'call me', '5'.repeat(41)])
      expect(normalizePhone(t), t).toBeNull();
  });
});

describe('formatPhone', () => {
  it('shows a stored number as its country writes it', () => {
    expect(formatPhone('+15125550142')).toBe('(512) 555-0142');
    expect(formatPhone('+61412345678')).toBe('0412 345 678');
    // Stored before E.164: ten digits.
    expect(formatPhone('5125550142')).toBe('(512) 555-0142');
    expect(formatPhone('not a number')).toBe('not a number');
    expect(formatPhone(null)).toBe('');
  });
});
