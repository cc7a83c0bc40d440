// The deal: one paid engagement of an engineer on a project, from the client's payment into
// escrow until the money is released, refunded or split (docs/DEALS.md). The states, what
// each means for the money, the transition table, the messages both sides show, and the
// answers' shapes. The server moves deals only through the table
// (apps/server/src/modules/deals/deal-state.ts); the web reads `abilities`, never the table.
import { z } from 'zod';
import { idSchema } from './api.ts';
import { DISPUTE_LIMITS, DISPUTE_MESSAGES } from './disputes.ts';
import { PAYMENT_MESSAGES } from './payments.ts';

export const DEAL_STATES = [
  /** Paid into escrow; no deliverable yet. The client's 24-hour refund holds. */
  'paid',
  /** A deliverable waits for the client's decision; auto-release counts down. */
  'awaiting_decision',
  /** The client rejected the latest deliverable; the engineer sends another. */
  'revising',
  /** A party reported a problem: the money is frozen until staff settle or the reporter withdraws. */
  'disputed',
  /** A refund (the client's, or staff's refund or split) waits for the card provider. */
  'refunding',
  /** Final: the escrow went to the engineer (80%) and the platform (20%). */
  'released',
  /** Final: the escrow went back to the client. */
  'refunded',
  /** Final: staff split the escrow between the engineer and the client. */
  'split',
] as const;
export type DealState = (typeof DEAL_STATES)[number];

export const FINAL_DEAL_STATES: readonly DealState[] = ['released', 'refunded', 'split'];

/** What happened to the money, as Admin Orders shows it. */
export const ESCROW_STATES = ['held', 'disputed', 'refunding', 'released', 'refunded', 'split'] as const;
export type EscrowState = (typeof ESCROW_STATES)[number];

export function escrowStateOf(state: DealState): EscrowState {
  switch (state) {
    case 'paid':
    case 'awaiting_decision':
    case 'revising':
      return 'held';
    default:
      return state;
  }
}

export const ESCROW_LABELS: Record<EscrowState, string> = {
  held: 'Held in escrow',
  disputed: 'Frozen: problem reported',
  refunding: 'Refund under way',
  released: 'Released to the engineer',
  refunded: 'Refunded to the client',
  split: 'Split by support',
};

export const DEAL_STATE_LABELS: Record<DealState, string> = {
  paid: 'Paid, work under way',
  awaiting_decision: 'Waiting for the client’s decision',
  revising: 'Revision requested',
  disputed: 'Problem reported',
  refunding: 'Refund under way',
  released: 'Completed and paid',
  refunded: 'Refunded',
  split: 'Settled by support',
};

// ---------------------------------------------------------------------------------------
// The transition table (docs/DEALS.md draws it): which operation may move a deal from which
// state to which, and who performs it. The server's operations (apps/server/src/modules/deals)
// move deals only through it; the policies that answer `abilities` read it too.

/**
 * Who performs an operation: one of the deal's parties (the client, the engineer, either, or
 * the one who reported the current problem), support staff, the card provider, or the clock
 * (a scheduled job).
 */
export type DealActor = 'client' | 'engineer' | 'party' | 'reporter' | 'staff' | 'provider' | 'timer';

type Transition = {
  by: DealActor;
  from: readonly DealState[];
  to: readonly DealState[];
  /** What it does, for the drawing. */
  does: string;
};

export const DEAL_TRANSITIONS = {
  pay: { by: 'provider', from: [], to: ['paid'], does: 'the payment succeeds: the deal is made' },
  refund: {
    by: 'client',
    from: ['paid', 'disputed'],
    to: ['refunding'],
    does: 'the client asks for the 24-hour refund (before the first deliverable)',
  },
  deliver: {
    by: 'engineer',
    from: ['paid', 'revising'],
    to: ['awaiting_decision'],
    does: 'the engineer submits a deliverable',
  },
  editDelivery: {
    by: 'engineer',
    from: ['awaiting_decision'],
    to: ['awaiting_decision'],
    does: 'the engineer replaces the waiting deliverable',
  },
  accept: { by: 'client', from: ['awaiting_decision'], to: ['released'], does: 'the client accepts' },
  reject: { by: 'client', from: ['awaiting_decision'], to: ['revising'], does: 'the client rejects' },
  autoRelease: {
    by: 'timer',
    from: ['awaiting_decision'],
    to: ['released'],
    does: 'no decision within AUTO_RELEASE_AFTER: accepted for the client',
  },
  reportProblem: {
    by: 'party',
    from: ['paid', 'awaiting_decision', 'revising'],
    to: ['disputed'],
    does: 'a party reports a problem: the money is frozen',
  },
  withdrawProblem: {
    by: 'reporter',
    from: ['disputed'],
    to: ['paid', 'awaiting_decision', 'revising'],
    does: 'the reporter withdraws the problem: the deal goes on where it was',
  },
  settleRelease: { by: 'staff', from: ['disputed'], to: ['released'], does: 'staff release to the engineer' },
  settleRefund: { by: 'staff', from: ['disputed'], to: ['refunding'], does: 'staff refund the client' },
  settleSplit: {
    by: 'staff',
    from: ['disputed'],
    to: ['refunding'],
    does: 'staff split: part to the engineer, the rest refunded',
  },
  refundSucceeded: {
    by: 'provider',
    from: ['refunding'],
    to: ['refunded', 'split'],
    does: 'the provider confirms the refund',
  },
  refundFailed: {
    by: 'provider',
    from: ['refunding'],
    to: ['paid', 'disputed'],
    does: 'the provider refuses the refund: back where it was',
  },
  refundChecked: {
    by: 'timer',
    from: ['refunding'],
    to: ['refunded', 'split', 'paid', 'disputed'],
    does: 'no word from the provider: the reconcile job asks it again',
  },
  refundedAtProvider: {
    by: 'provider',
    from: ['paid', 'awaiting_decision', 'revising', 'disputed'],
    to: ['refunded'],
    does: 'staff refund the whole payment at the provider directly (its dashboard)',
  },
} as const satisfies Record<string, Transition>;

export type DealOperation = keyof typeof DEAL_TRANSITIONS;

/** Whether the table lets `op` move a deal in `state` (who may do it is the operation's own check). */
export function dealAllows(op: DealOperation, state: DealState): boolean {
  return (DEAL_TRANSITIONS[op].from as readonly DealState[]).includes(state);
}

/**
 * The transition table as a Mermaid state diagram (docs/DEALS.md holds this text; a test keeps
 * the two equal): one arrow per operation and source and target state.
 */
export function dealDiagram(): string {
  const lines = ['stateDiagram-v2'];
  for (const [op, t] of Object.entries(DEAL_TRANSITIONS) as [DealOperation, Transition][]) {
    const from = t.from.length ? t.from : ['[*]'];
    for (const a of from) for (const b of t.to) lines.push(`  ${a} --> ${b}: ${op} (${t.by})`);
  }
  for (const end of FINAL_DEAL_STATES) lines.push(`  ${end} --> [*]`);
  return lines.join('\n');
}

/** How long a deliverable may wait for the client before it is accepted on their behalf (AUTO_RELEASE_AFTER). */
export const DEFAULT_AUTO_RELEASE = '14d';

const DURATION_UNITS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION_NAMES = { s: 'second', m: 'minute', h: 'hour', d: 'day' } as const;

/** Milliseconds of a duration written as a whole number and a unit: '14d', '90s', '2h', '30m'; null otherwise. */
export function parseDuration(text: string): number | null {
  const m = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!m) return null;
  const ms = Number(m[1]) * DURATION_UNITS[m[2] as keyof typeof DURATION_UNITS];
  return ms > 0 ? ms : null;
}

/** '14 days', '90 seconds', '1 hour': the largest unit that divides the duration. */
export function describeDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = DURATION_UNITS[unit];
    if (ms % size === 0 && ms >= size) {
      const n = ms / size;
      return `${n} ${DURATION_NAMES[unit]}${n === 1 ? '' : 's'}`;
    }
  }
  return `${Math.ceil(ms / 1000)} seconds`;
}

/**
 * When the client is reminded of a waiting deliverable, as time left before it is accepted
 * for them: at 7 and 13 days of 14, i.e. half-way and one fourteenth before the end.
 */
export const decisionRemindersLeft = (autoReleaseMs: number): [number, number] => [
  autoReleaseMs / 2,
  autoReleaseMs / 14,
];

// ---------------------------------------------------------------------------------------
// The client's 24-hour refund (docs/PRODUCT.md#money).

export type RefundFacts = {
  state: DealState;
  /** The engineer has submitted a deliverable on this deal. */
  delivered: boolean;
  refundUntil: Date;
  /** The open problem was reported by the engineer (it does not take the client's window away). */
  reportedByEngineer: boolean;
  now: Date;
};

/**
 * Why the client cannot have the deal refunded now, or null when they can: within 24 hours of
 * paying, until the first deliverable; an engineer's problem report in that time keeps it open.
 */
export function refundRefusal(f: RefundFacts): string | null {
  switch (f.state) {
    case 'refunding':
      return DEAL_MESSAGES.refundUnderWay;
    case 'refunded':
      return PAYMENT_MESSAGES.alreadyRefunded;
    case 'released':
      return PAYMENT_MESSAGES.refundCompleted;
    case 'split':
      return DEAL_MESSAGES.finished;
    case 'awaiting_decision':
    case 'revising':
      return DEAL_MESSAGES.refundAfterDelivery;
    case 'disputed':
      if (!f.reportedByEngineer || f.delivered) return DEAL_MESSAGES.refundDisputed;
      break;
    default:
      if (f.delivered) return DEAL_MESSAGES.refundAfterDelivery;
  }
  return f.now.getTime() < f.refundUntil.getTime() ? null : DEAL_MESSAGES.refundWindowOver;
}

export const DEAL_MESSAGES = {
  notFound: 'This project has no deal.',
  notParty: 'Only the client and the engineer of this project can do that.',
  onlyClient: 'Only the client who paid can do that.',
  onlyEngineer: 'Only the engineer hired for this project can do that.',
  onlyReporter: 'Only the person who reported the problem can withdraw it.',
  onlyStaff: 'Only support staff can settle a problem.',
  // Refunds (docs/PRODUCT.md#money).
  refundAfterDelivery:
    'The engineer has delivered, so the 24-hour refund no longer applies: reject the deliverable or report a problem, and support will decide.',
  refundWindowOver: PAYMENT_MESSAGES.refundWindowOver,
  refundDisputed: PAYMENT_MESSAGES.refundProblem,
  // What a state allows.
  notWhilePaid: 'Nothing has been delivered yet.',
  notAwaitingDecision: 'No deliverable is waiting for a decision.',
  notDeliverable: 'The project does not take deliverables now.',
  alreadyReported: DISPUTE_MESSAGES.alreadyReported,
  notUnderWay: DISPUTE_MESSAGES.notUnderWay,
  notDisputed: 'No problem is open on this project.',
  refundUnderWay: 'A refund of this payment is under way; the deal ends when it completes.',
  finished: 'This deal is finished.',
  changedMeanwhile: 'The deal changed meanwhile. Reload the page to see where it stands.',
  // Settling.
  chooseOutcome: DISPUTE_MESSAGES.chooseOutcome,
  splitAmount: 'Enter the engineer’s part: more than $0.00 and less than the whole payment.',
  withdrawn: 'The problem was withdrawn and the deal goes on.',
  disputeTicketKept:
    'This ticket is about a problem reported on a project, so it stays until support settles it. To withdraw the problem, use “Withdraw the problem” on the project page.',
} as const;

// ---------------------------------------------------------------------------------------
// Requests.

/** POST /api/disputes/{id}/resolve (staff): release, refund, or split with the engineer's part in cents. */
export const SETTLE_OUTCOMES = ['released', 'refunded', 'split'] as const;
export type SettleOutcome = (typeof SETTLE_OUTCOMES)[number];
export const settleBodySchema = z
  .object({
    outcome: z.enum(SETTLE_OUTCOMES, { error: DEAL_MESSAGES.chooseOutcome }),
    /** For a split: what the engineer's side gets before the platform's 20% fee on it. */
    engineer_cents: z
      .number({ error: DEAL_MESSAGES.splitAmount })
      .int(DEAL_MESSAGES.splitAmount)
      .positive(DEAL_MESSAGES.splitAmount)
      .max(100_000_000, { message: DEAL_MESSAGES.splitAmount, abort: true })
      .nullish(),
    note: z
      .string()
      .trim()
      .max(DISPUTE_LIMITS.note, { message: DISPUTE_MESSAGES.noteTooLong, abort: true })
      .refine((v) => !v.includes('\u0000'), 'Remove the NUL characters from this text.')
      .nullish()
      .transform((v) => v || null),
  })
  .refine((b) => b.outcome !== 'split' || (b.engineer_cents ?? 0) > 0, {
    message: DEAL_MESSAGES.splitAmount,
    path: ['engineer_cents'],
  });
export type SettleBody = z.input<typeof settleBodySchema>;

export const projectDealParamsSchema = z.object({ id: idSchema() });

// ---------------------------------------------------------------------------------------
// Answers.

export const dealAbilitiesSchema = z.object({
  /** The client's 24-hour refund. */
  refund: z.boolean(),
  /** Send (or edit) a deliverable. */
  deliver: z.boolean(),
  /** Accept or reject the waiting deliverable. */
  decide: z.boolean(),
  report_problem: z.boolean(),
  withdraw_problem: z.boolean(),
  /** Staff: release, refund or split. */
  settle: z.boolean(),
  /** Open the deal's chat and its submissions. */
  message: z.boolean(),
  show_submissions: z.boolean(),
  /** Rate the deal's engineer (its client, once the project is completed). */
  rate_engineer: z.boolean(),
  /** Rate the deal's client (its engineer, once the project is completed). */
  rate_client: z.boolean(),
});
export type DealAbilities = z.infer<typeof dealAbilitiesSchema>;

/** GET /api/projects/{id}/deal: the project's current (or last) deal as the caller may see it. */
export const dealSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  payment_id: z.string(),
  state: z.enum(DEAL_STATES),
  escrow: z.enum(ESCROW_STATES),
  amount_cents: z.number().int(),
  client_id: z.string(),
  client_name: z.string(),
  engineer_id: z.string(),
  engineer_name: z.string(),
  paid_at: z.string(),
  /** Until when the client may still refund (null once it no longer applies). */
  refund_until: z.string().nullable(),
  /** When the waiting deliverable is accepted on the client's behalf (null when none waits). */
  auto_release_at: z.string().nullable(),
  /** Money moved at the end: the engineer's net, the platform's fee, the client's refund. */
  engineer_cents: z.number().int().nullable(),
  platform_fee_cents: z.number().int().nullable(),
  client_refund_cents: z.number().int().nullable(),
  /** The open problem report, if any. */
  dispute_id: z.string().nullable(),
  abilities: dealAbilitiesSchema,
});
export type DealDto = z.infer<typeof dealSchema>;

/** The realtime push both parties (and admins watching) get when a deal moves. */
export const DEAL_CHANGES = [
  'paid',
  'delivered',
  'decided',
  'refund',
  'problem',
  'settled',
  'released',
] as const;
export type DealChange = (typeof DEAL_CHANGES)[number];
export type DealChangedEvent = {
  project_id: string;
  deal_id: string | null;
  change: DealChange;
  state: DealState | null;
};

// ---------------------------------------------------------------------------------------
// Admin Orders: every payment with its project, parties and what happened to the money.

export const ORDER_ESCROW_FILTERS = ['all', ...ESCROW_STATES] as const;
export type OrderEscrowFilter = (typeof ORDER_ESCROW_FILTERS)[number];
