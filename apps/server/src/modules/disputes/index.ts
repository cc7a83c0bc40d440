// The disputes module's public functions: what other modules may use (the rest of its files are its own).
export {
  closeDispute,
  findDispute,
  insertDispute,
  lockDispute,
  lockOpenDispute,
  presentDispute,
  reopenDispute,
} from './disputes.service.ts';
