// Who may do what with a project's deliverables (spec §4, §6). The deal is the project's
// client (its owner) and the engineer whose proposal was accepted; nobody else but admins
// reads a deliverable, and only those two act on one.
import type { ProjectStatus } from '@app/shared';
import type { Actor } from '../../lib/policy.ts';

export type Deal = { clientId: string; engineerId: string | null; projectStatus: ProjectStatus };

/** Statuses in which the engineer works on the project and submits versions. */
const WORKING: readonly ProjectStatus[] = ['assigned', 'inprogress'];

/** Reading the project's submissions and their files: the two parties and admins. */
export const canReadSubmissions = (actor: Actor, deal: Deal): boolean =>
  actor.role === 'admin' || actor.id === deal.clientId || (!!deal.engineerId && actor.id === deal.engineerId);

/** Submitting a new version: the hired engineer, while the project is being worked on. */
export const canSubmit = (actor: Actor, deal: Deal): boolean =>
  actor.role === 'engineer' && actor.id === deal.engineerId && WORKING.includes(deal.projectStatus);

/** Editing a version: its engineer, while it waits for the client and the project is being worked on. */
export const canUpdateSubmission = (
  actor: Actor,
  deal: Deal,
  submission: { engineerId: string; clientAcceptance: boolean | null },
): boolean =>
  actor.id === submission.engineerId && submission.clientAcceptance === null && canSubmit(actor, deal);

/** Accepting or rejecting a version: the project's owner, while it waits and the project is in progress. */
export const canDecideSubmission = (
  actor: Actor,
  deal: Deal,
  submission: { clientAcceptance: boolean | null },
): boolean =>
  actor.id === deal.clientId && submission.clientAcceptance === null && WORKING.includes(deal.projectStatus);
