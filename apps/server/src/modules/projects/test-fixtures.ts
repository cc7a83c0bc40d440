// Test fixtures for projects and proposals: people with the licences and payout accounts
// the eligibility rule reads, and projects straight in the database.
import { randomBytes } from 'node:crypto';
import type { LicenseType, ProjectStatus } from '@app/shared';
import { licenses, payoutAccounts, projects } from '../../db/schema/index.ts';
import { createUser, type TestApp } from '../../test/harness.ts';

type Licence = {
  type?: LicenseType;
  status?: 'pending' | 'verified' | 'rejected';
  expires?: string | null;
  /** Where it was issued; Texas, USA unless said. */
  country?: string;
  state?: string;
};

export async function addLicense(app: TestApp, userId: string, l: Licence = {}) {
  await app.ctx.db.insert(licenses).values({
    userId,
    licenseNumber: `L-${randomBytes(4).toString('hex')}`,
    licenseType: l.type ?? 'PE',
    issueCountry: l.country ?? 'USA',
    issueState: l.state ?? 'Texas',
    specializations: ['civil'],
    expirationDate: l.expires === undefined ? '2099-12-31' : l.expires,
    verificationStatus: l.status ?? 'verified',
  });
}

export async function addPayoutAccount(app: TestApp, userId: string, payoutsEnabled = true) {
  await app.ctx.db.insert(payoutAccounts).values({
    userId,
    provider: 'test',
    providerAccountId: `acct_${randomBytes(8).toString('hex')}`,
    country: 'US',
    email: `${userId}@test.example`,
    detailsSubmitted: payoutsEnabled,
    payoutsEnabled,
  });
}

/** An engineer who may apply to PE projects (verified PE licence, payouts enabled). */
export async function eligibleEngineer(app: TestApp, type: LicenseType = 'PE') {
  const engineer = await createUser(app, { role: 'engineer' });
  await addLicense(app, engineer.id, { type });
  await addPayoutAccount(app, engineer.id);
  return engineer;
}

export async function insertProject(
  app: TestApp,
  customerId: string,
  values: Partial<typeof projects.$inferInsert> & { status?: ProjectStatus } = {},
) {
  const [row] = await app.ctx.db
    .insert(projects)
    .values({
      customerId,
      title: 'Retaining wall',
      description: 'Stamped plans for a wall',
      licenseType: 'PE',
      ...values,
    })
    .returning({ id: projects.id });
  return row.id;
}
