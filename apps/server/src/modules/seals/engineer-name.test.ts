// The name a seal is compared with is the engineer's, and only once a licence is verified.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenses } from '../../db/schema/index.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { engineerNameForSeal } from './engineer-name.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

describe('engineerNameForSeal', () => {
  it('answers the name of an engineer with a verified licence, null otherwise', async () => {
    const verified = await createUser(app, { role: 'engineer', fullName: 'José Núñez' });
    const pending = await createUser(app, { role: 'engineer', fullName: 'Pat Pending' });
    const base = {
      licenseType: 'PE' as const,
      issueCountry: 'USA',
      issueState: 'Texas',
      specializations: ['civil'],
    };
    await app.ctx.db.insert(licenses).values([
      { ...base, userId: verified.id, licenseNumber: 'V-1', verificationStatus: 'verified' },
      { ...base, userId: verified.id, licenseNumber: 'V-2', verificationStatus: 'verified' },
      { ...base, userId: pending.id, licenseNumber: 'P-1', verificationStatus: 'pending' },
    ]);
    expect(await engineerNameForSeal(app.ctx, verified.id)).toBe('José Núñez');
    expect(await engineerNameForSeal(app.ctx, pending.id)).toBeNull();
  });
});
