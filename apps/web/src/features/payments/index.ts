// What other features may use of payments (the lint rule 'features-through-index').
import { lazyWhenOpen } from '../../lib/lazyWhenOpen';

export { useRequestRefundMutation, useUserPaymentsQuery } from './api';
export { OrdersTab } from './OrdersTab';
export { PaymentHistoryTab } from './PaymentHistoryTab';

/** Loaded the first time it opens: most visits to a project never sign a contract. */
export const ContractDialog = lazyWhenOpen(async () => (await import('./ContractDialog')).ContractDialog);
