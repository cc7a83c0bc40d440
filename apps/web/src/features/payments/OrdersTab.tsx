// 'Orders' (Order History) of the admin dashboard (docs/PRODUCT.md#screens, #messages, #limits): every payment, newest
// first, with its project (linked), both parties and what happened to its money (the
// escrow's state, docs/DEALS.md), filtered by status, escrow and created date on the server
// (so filters stay right past the first page), Load More over ?page=n, and a details dialog.
import {
  ESCROW_LABELS,
  ESCROW_STATES,
  formatCents,
  type OrderDto,
  type OrderEscrowFilter,
  ordersQuerySchema,
  PAYMENT_MESSAGES,
  type PaymentStatus,
} from '@app/shared';
import { Loader2, Receipt } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { ListState } from '../../components/ListState';
import { Modal } from '../../components/Modal';
import { requestErrorMessage } from '../../lib/apiErrors';
import { formatDateTime } from '../../lib/format';
import { ReceiptLinks } from '../statements';
import { type OrdersFilter, useOrdersInfiniteQuery } from './api';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { PaymentStatusSelect } from './PaymentStatusSelect';

/** The date pickers give the admin's own days; the server gets their first and last instants. */
function dayBound(day: string, end: boolean): string {
  if (!day) return '';
  const d = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(d.getTime()) ? day : d.toISOString();
}

export function OrdersTab() {
  const ids = useId();
  const [status, setStatus] = useState<PaymentStatus | 'all'>('all');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [escrow, setEscrow] = useState<OrderEscrowFilter>('all');
  const [details, setDetails] = useState<OrderDto | null>(null);

  const filter: OrdersFilter = { status, escrow, start: dayBound(start, false), end: dayBound(end, true) };
  // The server's own rules (dates, their order) checked before asking.
  const checked = ordersQuerySchema.safeParse({
    status,
    escrow,
    start: filter.start || undefined,
    end: filter.end || undefined,
  });
  const filterError = checked.success ? null : checked.error.issues[0]?.message;

  const { data, error, isLoading, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useOrdersInfiniteQuery(filter, { skip: !!filterError, refetchOnMountOrArgChange: true });
  const orders = data?.pages.flat() ?? [];
  const failure = error ? requestErrorMessage(error, PAYMENT_MESSAGES.fetchFailed) : null;

  return (
    <Panel title="Order History" description="Every payment made on the platform, newest first.">
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <PaymentStatusSelect value={status} onChange={setStatus} />
        <div>
          <label htmlFor={`${ids}-escrow`} className="label">
            Escrow
          </label>
          <select
            id={`${ids}-escrow`}
            className="input"
            value={escrow}
            onChange={(e) => setEscrow(e.target.value as OrderEscrowFilter)}
          >
            <option value="all">All escrow states</option>
            {ESCROW_STATES.map((e) => (
              <option key={e} value={e}>
                {ESCROW_LABELS[e]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-start`} className="label">
            Start date
          </label>
          <input
            id={`${ids}-start`}
            type="date"
            className="input"
            value={start}
            max={end || undefined}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-end`} className="label">
            End date
          </label>
          <input
            id={`${ids}-end`}
            type="date"
            className="input"
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
      </div>

      {filterError ? (
        <p role="alert" className="alert-error">
          {filterError}
        </p>
      ) : (
        <ListState
          isLoading={isLoading || (isFetching && !orders.length && !error)}
          error={!!failure && !orders.length}
          isEmpty={!orders.length}
          loadingText="Loading orders..."
          errorText={failure ?? PAYMENT_MESSAGES.fetchFailed}
          empty={<EmptyState icon={Receipt}>{PAYMENT_MESSAGES.noOrders}</EmptyState>}
        >
          <div className="relative -mx-4 overflow-x-auto sm:mx-0">
            <table className="w-full min-w-[52rem] text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Project
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Client
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Engineer
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    Amount
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Escrow
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {orders.map((o) => (
                  <tr key={o.id} className="hover:bg-slate-50">
                    <td className="max-w-[14rem] px-4 py-3">
                      <Link
                        to={`/project_details/${o.project_id}`}
                        className="line-clamp-2 font-medium text-brand-700 hover:underline"
                      >
                        {o.project_title}
                      </Link>
                    </td>
                    <td className="px-4 py-3 text-slate-800">{o.customer_name}</td>
                    <td className="px-4 py-3 text-slate-800">{o.engineer_name}</td>
                    <td className="px-4 py-3 text-right font-medium tabular-nums text-slate-900">
                      {formatCents(o.amount_cents)}
                    </td>
                    <td className="px-4 py-3">
                      <PaymentStatusBadge status={o.status} />
                    </td>
                    <td className="px-4 py-3 text-slate-800" data-testid="order-escrow">
                      {o.escrow ? ESCROW_LABELS[o.escrow] : '—'}
                    </td>
                    <td className="px-4 py-3 text-slate-700">{formatDateTime(o.created_at)}</td>
                    <td className="px-4 py-3 text-right">
                      <div className="flex flex-wrap items-center justify-end gap-2">
                        <ReceiptLinks
                          payment={o}
                          describedAs={`the order of ${o.customer_name} for ${o.project_title}`}
                        />
                        <button
                          type="button"
                          className="btn-secondary px-3 py-1.5"
                          aria-label={`View details of the order of ${o.customer_name} for ${o.project_title}`}
                          onClick={() => setDetails(o)}
                        >
                          View Details
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {failure && (
            <p role="alert" className="alert-error mt-4">
              {failure}
            </p>
          )}
          {hasNextPage && (
            <div className="mt-4 flex justify-center">
              <button
                type="button"
                className="btn-secondary"
                disabled={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {isFetchingNextPage && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
                Load More
              </button>
            </div>
          )}
        </ListState>
      )}

      <Modal
        open={!!details}
        onOpenChange={(o) => !o && setDetails(null)}
        title="Order Details"
        description={details?.project_title}
        footer={
          <button type="button" className="btn-secondary" onClick={() => setDetails(null)}>
            Close
          </button>
        }
      >
        {details && (
          <dl className="divide-y divide-slate-100 text-sm">
            <Row label="Project ID">{details.project_id}</Row>
            <Row label="Customer ID">{details.customer_id}</Row>
            <Row label="Customer">{details.customer_name}</Row>
            <Row label="Engineer">{details.engineer_name}</Row>
            <Row label="Amount">
              {formatCents(details.amount_cents)} {details.currency.toUpperCase()}
            </Row>
            <Row label="Status">
              <PaymentStatusBadge status={details.status} />
            </Row>
            <Row label="Escrow">{details.escrow ? ESCROW_LABELS[details.escrow] : 'No deal'}</Row>
            <Row label="Created At">{formatDateTime(details.created_at)}</Row>
            <Row label="Payment ID">{details.id}</Row>
          </dl>
        )}
      </Modal>
    </Panel>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-[9rem_1fr] sm:gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-all font-medium text-slate-900">{children}</dd>
    </div>
  );
}
