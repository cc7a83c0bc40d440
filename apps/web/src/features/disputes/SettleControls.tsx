// Staff settle an open problem (docs/DEALS.md 'Settling'), from the support desk's ticket and
// from the project page: release to the engineer (80/20), refund the client in full, or split
// with a part for the engineer (the 20% fee on that part only, the rest refunded). Each is
// confirmed with the exact amounts first.
import {
  DISPUTE_LIMITS,
  DISPUTE_MESSAGES,
  type DisputeDto,
  formatCents,
  type SettleOutcome,
  splitFee,
} from '@app/shared';
import { Loader2, Scale, Undo2, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Modal, ModalActions } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { useResolveDisputeMutation } from './api';
import { readSplitPart, type SplitAmounts, splitAmounts } from './settle';

const SPLIT_SENT =
  'The split is recorded: the client’s refund is on its way, and the engineer’s part is released when it completes.';

export function SettleControls({ dispute: d }: { dispute: DisputeDto }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<SettleOutcome | null>(null);
  const [part, setPart] = useState('');
  const [partError, setPartError] = useState<string | null>(null);
  const [resolve, { isLoading }] = useResolveDisputeMutation();
  const engineer = d.engineer_name ?? 'the engineer';
  const read = readSplitPart(part, d.escrow_cents);
  const split: SplitAmounts | null = 'cents' in read ? splitAmounts(d.escrow_cents, read.cents) : null;
  const release = splitFee(d.escrow_cents);

  const close = () => {
    setConfirming(null);
    setPartError(null);
  };

  const settle = async (outcome: SettleOutcome) => {
    if (outcome === 'split' && !split) {
      setPartError('problem' in read ? read.problem : null);
      return;
    }
    try {
      await resolve({
        id: d.id,
        outcome,
        note: note.trim() || null,
        ...(outcome === 'split' && split ? { engineer_cents: split.partCents } : {}),
      }).unwrap();
      toast.success(
        outcome === 'released'
          ? DISPUTE_MESSAGES.released
          : outcome === 'refunded'
            ? DISPUTE_MESSAGES.refunding
            : SPLIT_SENT,
      );
      setNote('');
      setPart('');
      close();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not settle the problem. Please try again.'), 5000);
      close();
    }
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="label">
        Note for both sides (optional)
      </label>
      <textarea
        id={id}
        rows={2}
        className="input resize-y bg-white"
        value={note}
        maxLength={DISPUTE_LIMITS.note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <button
          type="button"
          className="btn-secondary text-red-700"
          disabled={isLoading}
          onClick={() => setConfirming('refunded')}
        >
          <Undo2 className="h-4 w-4" aria-hidden />
          Refund client
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={isLoading}
          onClick={() => setConfirming('split')}
        >
          <Scale className="h-4 w-4" aria-hidden />
          Split payment
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={isLoading}
          onClick={() => setConfirming('released')}
        >
          <Wallet className="h-4 w-4" aria-hidden />
          Release to engineer
        </button>
      </div>

      <Modal
        open={confirming !== null}
        onOpenChange={(o) => !o && close()}
        size="sm"
        title={
          confirming === 'released'
            ? 'Release the payment to the engineer?'
            : confirming === 'refunded'
              ? 'Refund the client in full?'
              : 'Split the payment?'
        }
        description={
          confirming === 'released'
            ? `${formatCents(d.escrow_cents)} leaves escrow: ${engineer} receives ${formatCents(release.engineerCents)} (80%) on the next payout, the platform keeps ${formatCents(release.platformFeeCents)} (20%), and the project is completed. This cannot be undone.`
            : confirming === 'refunded'
              ? `${formatCents(d.escrow_cents)} goes back to ${d.client_name}'s card in full and the project is closed. This cannot be undone.`
              : `Choose ${engineer}’s part of the ${formatCents(d.escrow_cents)} held; the platform’s 20% is taken from that part only and the rest goes back to ${d.client_name}’s card. The project is closed. This cannot be undone.`
        }
      >
        {confirming === 'split' && (
          <div className="space-y-3 text-sm">
            <div>
              <label htmlFor={`${id}-part`} className="label">
                Engineer’s part (USD)
              </label>
              <input
                id={`${id}-part`}
                inputMode="decimal"
                className="input"
                value={part}
                aria-invalid={!!partError || undefined}
                aria-describedby={partError ? `${id}-part-error` : undefined}
                onChange={(e) => {
                  setPart(e.target.value);
                  setPartError(null);
                }}
              />
              {partError && (
                <p id={`${id}-part-error`} className="field-error" role="alert">
                  {partError}
                </p>
              )}
            </div>
            {split && (
              <dl
                aria-label="Split amounts"
                className="divide-y divide-slate-100 rounded-lg border border-slate-200"
              >
                <AmountRow label="Engineer’s part">{formatCents(split.partCents)}</AmountRow>
                <AmountRow label="Platform fee (20% of that part)">{formatCents(split.feeCents)}</AmountRow>
                <AmountRow label={`Net to ${engineer}`}>{formatCents(split.netCents)}</AmountRow>
                <AmountRow label={`Refund to ${d.client_name}`}>{formatCents(split.refundCents)}</AmountRow>
              </dl>
            )}
          </div>
        )}
        <ModalActions>
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn-danger"
            disabled={isLoading}
            onClick={() => confirming && void settle(confirming)}
          >
            {isLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {confirming === 'released'
              ? 'Release to engineer'
              : confirming === 'refunded'
                ? 'Refund client'
                : 'Split payment'}
          </button>
        </ModalActions>
      </Modal>
    </div>
  );
}

function AmountRow({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 px-3 py-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900">{children}</dd>
    </div>
  );
}
