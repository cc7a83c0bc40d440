// The licenses module's public functions: what other modules may use (the rest of its files are its own).
export { heldLicenses, heldLicensesOf } from './eligibility.ts';
