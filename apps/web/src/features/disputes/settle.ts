// What a settlement moves, for the confirmation staff read before settling (docs/DEALS.md
// 'Settling'): the platform's 20% is taken from the engineer's part only, through the shared
// money rule (`splitFee`), and the rest of the payment goes back to the client.
import { DEAL_MESSAGES, dollarsProblem, dollarsToCents, splitFee } from '@app/shared';

export type SplitAmounts = {
  /** The engineer's part before the fee. */
  partCents: number;
  feeCents: number;
  /** What reaches the engineer's wallet. */
  netCents: number;
  refundCents: number;
};

export function splitAmounts(escrowCents: number, partCents: number): SplitAmounts {
  const { platformFeeCents, engineerCents } = splitFee(partCents);
  return {
    partCents,
    feeCents: platformFeeCents,
    netCents: engineerCents,
    refundCents: escrowCents - partCents,
  };
}

/** The engineer's part typed in dollars, in cents, or why it cannot be one (more than $0, less than all). */
export function readSplitPart(text: string, escrowCents: number): { cents: number } | { problem: string } {
  const problem = dollarsProblem(text, { message: DEAL_MESSAGES.splitAmount, maxCents: escrowCents - 1 });
  if (problem) return { problem };
  const cents = dollarsToCents(text);
  if (cents === null || cents <= 0) return { problem: DEAL_MESSAGES.splitAmount };
  return { cents };
}
