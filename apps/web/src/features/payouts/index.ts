// What other features may use of payouts (the lint rule 'features-through-index').
export { StripeWalletTab } from './StripeWalletTab';
