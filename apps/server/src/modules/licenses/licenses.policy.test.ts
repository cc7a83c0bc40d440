import { describe, expect, it } from 'vitest';
import {
  assertLicenseReader,
  assertLicenseWriter,
  assertOwnerMayChange,
  canListLicenses,
} from './licenses.policy.ts';

const engineer = { id: 'e1', role: 'engineer' as const };
const admin = { id: 'a1', role: 'admin' as const };
const client = { id: 'c1', role: 'client' as const };

describe('licence policy', () => {
  it('lets the owning engineer and admins list, nobody else', () => {
    expect(canListLicenses(engineer, 'e1')).toBe(true);
    expect(canListLicenses(admin, 'e1')).toBe(true);
    expect(canListLicenses({ id: 'e2', role: 'engineer' }, 'e1')).toBe(false);
    expect(() => assertLicenseReader(client, 'c1')).toThrow('Only engineers can manage licenses.');
  });
  it('lets only the owning engineer write', () => {
    expect(() => assertLicenseWriter(engineer, 'e1')).not.toThrow();
    expect(() => assertLicenseWriter(admin, 'e1')).toThrow('Only engineers can manage licenses.');
    expect(() => assertLicenseWriter({ id: 'e2', role: 'engineer' }, 'e1')).toThrow(
      'You can only change your own licenses.',
    );
  });
  it('locks verified licences', () => {
    expect(() => assertOwnerMayChange('verified', 'edit')).toThrow('A verified license cannot be edited.');
    expect(() => assertOwnerMayChange('verified', 'delete')).toThrow('A verified license cannot be deleted.');
    expect(() => assertOwnerMayChange('rejected', 'edit')).not.toThrow();
    expect(() => assertOwnerMayChange('pending', 'delete')).not.toThrow();
  });
});
