// Licence rows -> the answers' shapes (docs/DEVELOPING.md, 'Who may do what').
import { daysUntilExpiry, isLicenseExpired, isLicenseValid, type LicenseDto } from '@app/shared';
import type { LicenseRow } from '../../db/schema/index.ts';
import { type FileNames, NO_FILE_NAMES } from '../files/index.ts';

export function presentLicense(
  row: LicenseRow,
  now = new Date(),
  names: FileNames = NO_FILE_NAMES,
): LicenseDto {
  const view = { verification_status: row.verificationStatus, expiration_date: row.expirationDate };
  return {
    id: row.id,
    user_id: row.userId,
    license_number: row.licenseNumber,
    license_type: row.licenseType,
    issue_country: row.issueCountry,
    issue_state: row.issueState,
    specializations: row.specializations,
    expiration_date: row.expirationDate,
    verification_status: row.verificationStatus,
    rejection_reason: row.rejectionReason,
    proof_url: row.proofUrl,
    proof_name: (row.proofUrl && names.get(row.proofUrl)) ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    is_valid: isLicenseValid(view, now),
    is_expired: isLicenseExpired(view, now),
    expires_in_days: daysUntilExpiry(row.expirationDate, now),
  };
}
