// The payments module's public functions: what other modules may use (the rest of its files are its own).
export { captureIntoEscrow, refundFromEscrow, releaseFromEscrow } from './escrow.ts';
export {
  CARD_DECLINED,
  hasLiveCheckout,
  hasPaymentRecords,
  isDeclinedCheckout,
  payableCheckout,
} from './live-checkout.ts';
export {
  insertRefund,
  lockPayment,
  lockRefund,
  markPaymentRefunded,
  markPaymentReleased,
  markRefundFailed,
  markRefundSucceeded,
  refundOfProvider,
} from './payment-rows.ts';
export { canPayForProject, canRequestRefund } from './payments.policy.ts';
export { getPayment, sha256 } from './payments.service.ts';
export { askRefund, executeRefund } from './send-refund.ts';
