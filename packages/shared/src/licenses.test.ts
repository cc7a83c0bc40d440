import { describe, expect, it } from 'vitest';
import {
  daysUntilExpiry,
  expiryReminderStage,
  expiryWarning,
  isLicenseExpired,
  isLicenseValid,
  licenseInputSchema,
} from './licenses.ts';

const today = new Date('2026-03-15T18:30:00Z');

describe('isLicenseValid', () => {
  it('accepts a verified licence with no expiry date', () => {
    expect(isLicenseValid({ verification_status: 'verified', expiration_date: null }, today)).toBe(true);
  });
  it('accepts a verified licence through the end of its expiration day', () => {
    expect(isLicenseValid({ verification_status: 'verified', expiration_date: '2026-03-15' }, today)).toBe(
      true,
    );
    expect(isLicenseValid({ verification_status: 'verified', expiration_date: '2027-01-01' }, today)).toBe(
      true,
    );
  });
  it('refuses a verified licence whose date has passed', () => {
    expect(isLicenseValid({ verification_status: 'verified', expiration_date: '2026-03-14' }, today)).toBe(
      false,
    );
    expect(isLicenseExpired({ expiration_date: '2026-03-14' }, today)).toBe(true);
    expect(isLicenseExpired({ expiration_date: null }, today)).toBe(false);
  });
  it('refuses pending and rejected licences whatever their date', () => {
    expect(isLicenseValid({ verification_status: 'pending', expiration_date: null }, today)).toBe(false);
    expect(isLicenseValid({ verification_status: 'rejected', expiration_date: '2030-01-01' }, today)).toBe(
      false,
    );
  });
  it('accepts a full timestamp string as the date', () => {
    expect(
      isLicenseValid({ verification_status: 'verified', expiration_date: '2026-03-15T00:00:00.000Z' }, today),
    ).toBe(true);
  });
});

describe('licenseInputSchema', () => {
  const ok = {
    license_number: 'PE-1',
    license_type: 'PE',
    issue_country: 'USA',
    issue_state: 'Texas',
    specializations: ['civil'],
    expiration_date: '2030-12-31',
  };
  it('accepts a complete licence', () => {
    expect(licenseInputSchema.safeParse(ok).success).toBe(true);
  });
  it.each([
    'license_number',
    'license_type',
    'issue_country',
    'issue_state',
    'specializations',
    'expiration_date',
  ])('says all fields are required when %s is missing', (field) => {
    const r = licenseInputSchema.safeParse({ ...ok, [field]: undefined });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('All fields are required.');
  });
  it('refuses a state of another country', () => {
    const r = licenseInputSchema.safeParse({ ...ok, issue_country: 'Australia' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['issue_state']);
  });
  it('refuses an impossible date', () => {
    expect(licenseInputSchema.safeParse({ ...ok, expiration_date: '2030-02-30' }).success).toBe(false);
  });
});

describe('expiry watch', () => {
  const today = new Date('2026-03-15T18:00:00Z');
  it('counts whole days to the last valid day', () => {
    expect(daysUntilExpiry('2026-03-15', today)).toBe(0);
    expect(daysUntilExpiry('2026-05-14', today)).toBe(60);
    expect(daysUntilExpiry('2026-03-14', today)).toBe(-1);
    expect(daysUntilExpiry(null, today)).toBeNull();
  });
  it('names the reminder window due: 60, 30 or 7 days', () => {
    expect([61, 60, 31, 30, 8, 7, 0, -1].map(expiryReminderStage)).toEqual([
      null,
      60,
      60,
      30,
      30,
      7,
      7,
      null,
    ]);
    expect(expiryReminderStage(null)).toBeNull();
  });
  it('warns within 60 days, not after expiry', () => {
    expect(expiryWarning(61)).toBeNull();
    expect(expiryWarning(60)).toBe('Expires in 60 days');
    expect(expiryWarning(1)).toBe('Expires in 1 day');
    expect(expiryWarning(0)).toBe('Expires today');
    expect(expiryWarning(-2)).toBeNull();
  });
});
