// The projects module's public functions: what other modules may use (the rest of its files are its own).

export { canListProjectProposals, isProjectOwner } from './projects.policy.ts';
export { findProject, lockProject, moveProject } from './projects.service.ts';
