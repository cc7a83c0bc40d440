// What other features may use of the wallet (the lint rule 'features-through-index').
export { PayoutHistoryTab } from './PayoutHistoryTab';
export { WalletTab } from './WalletTab';
