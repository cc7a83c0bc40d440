// Who may do what to which proposal or invitation (spec §4, §6).
import type { ProposalStatus, Role } from '@app/shared';

type Caller = { id: string; role: Role };
type Proposal = { engineerId: string; status: ProposalStatus };
type Project = { customerId: string };

/** Applying: engineers only, as themselves. */
export const canProposeAs = (user: Caller, engineerId: string): boolean =>
  user.role === 'engineer' && user.id === engineerId;

/** Reading one proposal: its engineer or the project's owner. */
export const canReadProposal = (user: Caller, proposal: Proposal, project: Project): boolean =>
  user.id === proposal.engineerId || user.id === project.customerId;

/** The owner sees every proposal of a project. */
export const canListProjectProposals = (user: Caller, project: Project): boolean =>
  user.id === project.customerId;

/** Update and withdraw: its engineer, only while pending. */
export const canChangeProposal = (user: Caller, proposal: Proposal): boolean =>
  user.id === proposal.engineerId && proposal.status === 'pending';

/** Deciding a proposal: the project's owner. */
export const canDecideProposal = (user: Caller, project: Project): boolean => user.id === project.customerId;

/** Inviting: a client who owns the project. */
export const canInviteTo = (user: Caller, project: Project): boolean =>
  user.role === 'client' && user.id === project.customerId;
