// The client dashboard's 'Payment History' (docs/PRODUCT.md#screens, #states, #validation, #messages, #limits): every payment with its
// amount, status colour and date, filtered in the browser by date range and status; a CSV
// export of what is shown; a refund button where the server says a refund is allowed; and the
// PDF receipt of each payment and refund (features/statements).
import {
  filterPayments,
  formatCents,
  PAYMENT_DATE_RANGES,
  PAYMENT_MESSAGES,
  type PaymentDateRange,
  type PaymentDto,
  type PaymentStatus,
  paymentsCsv,
} from '@app/shared';
import { CheckCircle2, CreditCard, Download, Info, Loader2, Undo2, XCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { ListState } from '../../components/ListState';
import { Modal } from '../../components/Modal';
import { api } from '../../lib/api';
import { errorMessage, requestErrorMessage } from '../../lib/apiErrors';
import { downloadFile } from '../../lib/download';
import { formatDateTime, localDay } from '../../lib/format';
import { useAppDispatch } from '../../lib/store';
import { ReceiptLinks } from '../statements';
import { useRequestRefundMutation, useUserPaymentsQuery } from './api';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { PaymentStatusSelect } from './PaymentStatusSelect';

/** How often the list is read again while a refund waits for the provider's confirmation. */
export const REFUND_POLL_MS = 2000;

type Notice = { kind: 'info' | 'success' | 'error'; text: string };

export function PaymentHistoryTab({ userId }: { userId: string }) {
  const ids = useId();
  const [range, setRange] = useState<PaymentDateRange>('lifetime');
  const [status, setStatus] = useState<PaymentStatus | 'all'>('all');
  const [confirming, setConfirming] = useState<PaymentDto | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const [requestRefund, { isLoading: refunding }] = useRequestRefundMutation();
  const dispatch = useAppDispatch();

  const { data, error, isLoading } = useUserPaymentsQuery(userId);
  const refundPending = !!data?.some((p) => p.refund_status === 'pending');
  // While the provider has not confirmed a refund yet, keep asking (the original design: the list settles).
  useUserPaymentsQuery(userId, { pollingInterval: refundPending ? REFUND_POLL_MS : 0, skip: !refundPending });

  // The refund the client is waiting for has settled: say how it ended. Only a settled answer
  // counts: the list read before the request (no refund on it yet) is not a failure.
  useEffect(() => {
    const p = awaiting && data?.find((x) => x.id === awaiting);
    if (!p || (p.status !== 'refunded' && p.refund_status !== 'failed')) return;
    setAwaiting(null);
    // The project went back to open (or stayed assigned): pages seen before are stale.
    dispatch(api.util.invalidateTags(['Project', 'Proposal']));
    setNotice(
      p.status === 'refunded'
        ? { kind: 'success', text: PAYMENT_MESSAGES.refundSuccessful }
        : { kind: 'error', text: PAYMENT_MESSAGES.refundFailed },
    );
  }, [awaiting, data, dispatch]);

  const list = filterPayments(data ?? [], { status, range }, new Date());

  const refund = async (p: PaymentDto) => {
    setConfirming(null);
    setNotice({ kind: 'info', text: PAYMENT_MESSAGES.processingRefund });
    try {
      const result = await requestRefund({ paymentId: p.id }).unwrap();
      if (result.payment.status === 'refunded') {
        setNotice({ kind: 'success', text: result.message });
      } else {
        setNotice({ kind: 'info', text: result.message });
        setAwaiting(p.id);
      }
    } catch (e) {
      const message = errorMessage(e, '');
      setNotice({ kind: 'error', text: message ? `Error: ${message}` : PAYMENT_MESSAGES.refundFailed });
    }
  };

  return (
    <Panel
      title="Payment History"
      description="Payments for the proposals you accepted."
      actions={
        <button
          type="button"
          className="btn-secondary"
          disabled={!list.length}
          onClick={() =>
            downloadFile(`payment-history-${localDay()}.csv`, paymentsCsv(list), 'text/csv;charset=utf-8')
          }
        >
          <Download className="h-4 w-4" aria-hidden />
          Export CSV
        </button>
      }
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-lg">
        <div>
          <label htmlFor={`${ids}-range`} className="label">
            Date range
          </label>
          <select
            id={`${ids}-range`}
            className="input"
            value={range}
            onChange={(e) => setRange(e.target.value as PaymentDateRange)}
          >
            {PAYMENT_DATE_RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <PaymentStatusSelect value={status} onChange={setStatus} />
      </div>

      {notice && <NoticeLine notice={notice} />}

      <ListState
        isLoading={isLoading}
        error={!!error}
        isEmpty={list.length === 0}
        loadingText="Loading payment history..."
        errorText={requestErrorMessage(error, PAYMENT_MESSAGES.loadHistoryFailed)}
        empty={<EmptyState icon={CreditCard}>{PAYMENT_MESSAGES.noTransactions}</EmptyState>}
      >
        <ul className="divide-y divide-slate-200">
          {list.map((p) => (
            <li key={p.id} className="py-4 first:pt-0 last:pb-0">
              <PaymentRow payment={p} busy={refunding} onRefund={() => setConfirming(p)} />
            </li>
          ))}
        </ul>
      </ListState>

      <Modal
        open={!!confirming}
        onOpenChange={(o) => !o && setConfirming(null)}
        size="sm"
        title="Request a refund?"
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setConfirming(null)}>
              Keep the payment
            </button>
            <button
              type="button"
              className="btn-danger"
              onClick={() => confirming && void refund(confirming)}
            >
              Request Refund
            </button>
          </>
        }
      >
        {confirming && (
          <p className="text-sm text-slate-700">
            {formatCents(confirming.amount_cents)} for “{confirming.project_title}” goes back to your card.
            The proposal of {confirming.engineer_name} is cancelled, the project opens again for proposals,
            and {confirming.engineer_name} is told.
          </p>
        )}
      </Modal>
    </Panel>
  );
}

function PaymentRow({
  payment: p,
  busy,
  onRefund,
}: {
  payment: PaymentDto;
  busy: boolean;
  onRefund: () => void;
}) {
  return (
    <article
      aria-label={`Payment for ${p.project_title}`}
      className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0">
        <Link
          to={`/project_details/${p.project_id}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          {p.project_title}
        </Link>
        <p className="text-xs text-slate-600">
          To {p.engineer_name} · {formatDateTime(p.created_at)}
        </p>
        <p className="mt-0.5 font-mono text-xs text-slate-500" title={p.id}>
          Payment {p.id.slice(0, 8)}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        <div className="flex items-center gap-3">
          <span className="text-base font-semibold text-slate-900">{formatCents(p.amount_cents)}</span>
          <PaymentStatusBadge status={p.status} />
        </div>
        {p.refund_status === 'pending' ? (
          <p className="flex items-center gap-1.5 text-xs text-slate-600">
            <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden /> {PAYMENT_MESSAGES.refundRequested}
          </p>
        ) : p.refundable ? (
          <div className="flex flex-wrap items-center gap-2 sm:justify-end">
            {p.refund_deadline && (
              <span className="text-xs text-slate-600">
                Refundable until {formatDateTime(p.refund_deadline)}
              </span>
            )}
            <button
              type="button"
              className="btn-secondary px-3 py-1.5 text-red-700"
              disabled={busy}
              onClick={onRefund}
            >
              <Undo2 className="h-4 w-4" aria-hidden />
              Request Refund
            </button>
          </div>
        ) : p.status === 'refunded' && p.refunded_at ? (
          <span className="text-xs text-slate-600">Refunded {formatDateTime(p.refunded_at)}</span>
        ) : null}
        <ReceiptLinks payment={p} describedAs={`the payment for ${p.project_title}`} />
      </div>
    </article>
  );
}

const NOTICE = {
  info: { icon: Info, role: 'status', style: 'border-slate-200 bg-slate-50 text-slate-800' },
  success: { icon: CheckCircle2, role: 'status', style: 'border-green-200 bg-green-50 text-green-800' },
  error: { icon: XCircle, role: 'alert', style: 'border-red-200 bg-red-50 text-red-800' },
} as const;

function NoticeLine({ notice }: { notice: Notice }) {
  const { icon: Icon, role, style } = NOTICE[notice.kind];
  return (
    <p role={role} className={`mb-4 flex items-center gap-2 rounded-lg border px-3 py-2 text-sm ${style}`}>
      <Icon className="h-4 w-4 shrink-0" aria-hidden />
      {notice.text}
    </p>
  );
}
