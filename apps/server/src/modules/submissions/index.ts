// The submissions module's public functions: what other modules may use (the rest of its files are its own).
export { deliverableReaders } from './submissions.files.ts';
export {
  dealOf,
  findSubmission,
  getSubmission,
  hasPendingSubmission,
  insertSubmission,
  inspectDeliverable,
  latestSubmissionId,
  lockPendingSubmission,
  lockSubmission,
  recordDecision,
  replaceSubmission,
} from './submissions.service.ts';
