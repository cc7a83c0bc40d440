// Which of an engineer's proposals on a project the project page shows as 'Your Proposal'.
// An engineer whose deal was refunded keeps that proposal in history as rejected and may
// propose again when invited (docs/DEALS.md 'The rules'), so the list can hold a rejected
// and a pending (or accepted) proposal on the same project: the live one is the one that
// counts; without one, the newest.

type Own = { project_id: string; status: string; created_at: string };

const LIVE = new Set(['pending', 'accepted']);

export function ownProposalOn<P extends Own>(
  proposals: readonly P[] | undefined,
  projectId: string,
): P | undefined {
  const onProject = (proposals ?? []).filter((p) => p.project_id === projectId);
  const newestFirst = [...onProject].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return newestFirst.find((p) => LIVE.has(p.status)) ?? newestFirst[0];
}

/** Whether the proposal still takes part in the project (pending or accepted). */
export const isLiveProposal = (p: Own | undefined): boolean => !!p && LIVE.has(p.status);
