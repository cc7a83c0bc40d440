// What other features may use of proposals (the lint rule 'features-through-index').

export { ApplyNow } from './ApplyNow';
export {
  useEngineerProposalsQuery,
  useEngineerSetupQuery,
  useProjectProposalsQuery,
  useProposalCountQuery,
} from './api';
export { EngineerProposalsTab } from './EngineerProposalsTab';
export { isLiveProposal, ownProposalOn } from './ownProposal';
export { ProjectProposals } from './ProjectProposals';
export { YourProposal } from './YourProposal';
