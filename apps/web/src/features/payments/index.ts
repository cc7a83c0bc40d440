// What other features may use of payments (the lint rule 'features-through-index').

export { useUserPaymentsQuery } from './api';
export { ContractDialog } from './ContractDialog';
export { OrdersTab } from './OrdersTab';
export { PaymentHistoryTab } from './PaymentHistoryTab';
