// The proposals module's public functions: what other modules may use (the rest of its files are its own).
export {
  acceptedEngineerOf,
  acceptProposal,
  rejectOtherProposals,
  unwindAcceptance,
} from './proposals.service.ts';
