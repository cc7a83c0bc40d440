// Who may do what to which proposal or invitation (docs/PRODUCT.md#states, #roles).
import type { ProposalStatus } from '@app/shared';
import type { Actor } from '../../lib/policy.ts';

type Proposal = { engineerId: string; status: ProposalStatus };
type Project = { customerId: string };

/** Applying: engineers only, as themselves. */
export const canProposeAs = (user: Actor, engineerId: string): boolean =>
  user.role === 'engineer' && user.id === engineerId;

/** Reading one proposal: its engineer or the project's owner. */
export const canReadProposal = (user: Actor, proposal: Proposal, project: Project): boolean =>
  user.id === proposal.engineerId || user.id === project.customerId;

/** Update and withdraw: its engineer, only while pending. */
export const canChangeProposal = (user: Actor, proposal: Proposal): boolean =>
  user.id === proposal.engineerId && proposal.status === 'pending';

/** Deciding a proposal: the project's owner. */
export const canDecideProposal = (user: Actor, project: Project): boolean => user.id === project.customerId;

/** Inviting: a client who owns the project. */
export const canInviteTo = (user: Actor, project: Project): boolean =>
  user.role === 'client' && user.id === project.customerId;
