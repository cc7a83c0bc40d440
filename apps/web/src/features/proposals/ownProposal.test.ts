import { describe, expect, it } from 'vitest';
import { isLiveProposal, ownProposalOn } from './ownProposal';

const p = (id: string, project_id: string, status: string, created_at: string) => ({
  id,
  project_id,
  status,
  created_at,
});

describe('the proposal the project page shows as yours', () => {
  it('prefers the live proposal over an older rejected one on the same project', () => {
    const list = [
      p('old', 'A', 'rejected', '2026-11-01T10:00:00.000Z'),
      p('other', 'B', 'pending', '2026-11-03T10:00:00.000Z'),
      p('new', 'A', 'pending', '2026-11-02T10:00:00.000Z'),
    ];
    expect(ownProposalOn(list, 'A')?.id).toBe('new');
    expect(isLiveProposal(ownProposalOn(list, 'A'))).toBe(true);
  });

  it('shows the live one even when a rejected one is newer', () => {
    const list = [
      p('acc', 'A', 'accepted', '2026-11-01T10:00:00.000Z'),
      p('rej', 'A', 'rejected', '2026-11-05T10:00:00.000Z'),
    ];
    expect(ownProposalOn(list, 'A')?.id).toBe('acc');
  });

  it('without a live one, the newest; none on the project, nothing', () => {
    const list = [
      p('r1', 'A', 'rejected', '2026-11-01T10:00:00.000Z'),
      p('r2', 'A', 'rejected', '2026-11-04T10:00:00.000Z'),
    ];
    expect(ownProposalOn(list, 'A')?.id).toBe('r2');
    expect(isLiveProposal(ownProposalOn(list, 'A'))).toBe(false);
    expect(ownProposalOn(list, 'B')).toBeUndefined();
    expect(ownProposalOn(undefined, 'A')).toBeUndefined();
  });
});
