// The ledger module's public functions: what other modules may use (the rest of its files are its own).
export { checkLedger, formatLedgerReport } from './ledger.check.ts';
export { accounts, balanceOf, post, transfer } from './ledger.service.ts';
