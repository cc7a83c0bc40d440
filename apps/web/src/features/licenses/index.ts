// What other features may use of licences (the lint rule 'features-through-index').
export { type PendingLicense, useDecideLicenseMutation, usePendingLicensesQuery } from './api';
export { ExpiryWarning } from './ExpiryWarning';
export { LicenseStatusBadge } from './LicenseStatusBadge';
export { LicensesTab } from './LicensesTab';
