// An engineer's licences as the shared eligibility rule reads them (`licensesFittingProject`):
// applying, invitations, the owner's proposal list and job alerts all ask here.
import type { EligibilityLicense } from '@app/shared';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { licenses } from '../../db/schema/index.ts';

const eligibilityColumns = {
  license_type: licenses.licenseType,
  verification_status: licenses.verificationStatus,
  expiration_date: licenses.expirationDate,
  issue_country: licenses.issueCountry,
  issue_state: licenses.issueState,
};

/** One engineer's licences. */
export function heldLicenses(db: DbOrTx, engineerId: string): Promise<EligibilityLicense[]> {
  return db.select(eligibilityColumns).from(licenses).where(eq(licenses.userId, engineerId));
}

/** The licences of several engineers, by engineer id (an engineer without any is absent). */
export async function heldLicensesOf(
  db: DbOrTx,
  engineerIds: readonly string[],
): Promise<Map<string, EligibilityLicense[]>> {
  const byEngineer = new Map<string, EligibilityLicense[]>();
  if (engineerIds.length === 0) return byEngineer;
  const rows = await db
    .select({ userId: licenses.userId, ...eligibilityColumns })
    .from(licenses)
    .where(inArray(licenses.userId, [...engineerIds]));
  for (const { userId, ...licence } of rows)
    byEngineer.set(userId, [...(byEngineer.get(userId) ?? []), licence]);
  return byEngineer;
}
