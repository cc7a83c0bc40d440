// The proposal form dialog (apply, edit), loaded the first time it opens: the project page
// shows it to engineers only, and most of them open it once.
import { lazyWhenOpen } from '../../lib/lazyWhenOpen';

export const ProposalFormDialog = lazyWhenOpen(
  async () => (await import('./ProposalFormDialog')).ProposalFormDialog,
);
