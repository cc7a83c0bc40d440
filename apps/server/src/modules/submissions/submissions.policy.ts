// Who may do what with a project's deliverables (docs/PRODUCT.md#states, #roles). The deal is the project's
// client and the engineer it hired (its latest deal); nobody else but admins reads a
// deliverable, and only those two act on one, when the transition table lets the deal move.
import { type DealState, dealAllows } from '@app/shared';
import type { Actor } from '../../lib/policy.ts';

export type Deal = { clientId: string; engineerId: string | null; state: DealState | null };

/** Reading the project's submissions and their files: the two parties and admins. */
export const canReadSubmissions = (actor: Actor, deal: Deal): boolean =>
  actor.role === 'admin' || actor.id === deal.clientId || (!!deal.engineerId && actor.id === deal.engineerId);

/** One version: whoever reads the deal's submissions, and the engineer who sent it. */
export const canReadSubmission = (actor: Actor, deal: Deal, submission: { engineerId: string }): boolean =>
  canReadSubmissions(actor, deal) || actor.id === submission.engineerId;

/** An engineer's list of versions across projects: theirs, and staff. */
export const canListEngineerSubmissions = (actor: Actor, engineerId: string): boolean =>
  actor.role === 'admin' || actor.id === engineerId;

/** Submitting a new version: the hired engineer, while the deal takes one. */
export const canSubmit = (actor: Actor, deal: Deal): boolean =>
  actor.role === 'engineer' &&
  actor.id === deal.engineerId &&
  !!deal.state &&
  dealAllows('deliver', deal.state);

/** Editing a version: its engineer, while it waits for the client. */
export const canUpdateSubmission = (
  actor: Actor,
  deal: Deal,
  submission: { engineerId: string; clientAcceptance: boolean | null },
): boolean =>
  actor.id === submission.engineerId &&
  submission.clientAcceptance === null &&
  !!deal.state &&
  dealAllows('editDelivery', deal.state);

/** Accepting or rejecting a version: the project's owner, while it waits for them. */
export const canDecideSubmission = (
  actor: Actor,
  deal: Deal,
  submission: { clientAcceptance: boolean | null },
): boolean =>
  actor.id === deal.clientId &&
  submission.clientAcceptance === null &&
  !!deal.state &&
  dealAllows('accept', deal.state);
