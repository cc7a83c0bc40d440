// The staff desk, the admin dashboard's default tab (docs/PRODUCT.md#screens Support Tickets): every
// ticket with search, status and priority filters and pages; each opens its detail
// dialog; staff take unassigned tickets and move their status from the table.
import {
  SUPPORT_MESSAGES,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SEARCH_MAX,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type Ticket,
  type TicketPriority,
  type TicketStatus,
} from '@app/shared';
import { Inbox, Loader2, MessageSquare, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Pager } from '../../components/Pager';
import { formatDate } from '../../lib/format';
import { pageCount } from '../../lib/paging';
import { useGetTicketsQuery } from './api';
import { PriorityBadge } from './badges';
import { AssignToMeButton, StatusSelect } from './staffActions';
import { TicketDialog } from './TicketDialog';
import { useLiveTickets } from './useLiveTickets';

const PAGE_SIZE = 20;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export function SupportDesk() {
  useLiveTickets();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [priority, setPriority] = useState<TicketPriority | ''>('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<Ticket | null>(null);
  const query = useDebounced(search.trim(), 300);

  // A new search or filter starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each change of the filters.
  useEffect(() => setPage(1), [query, status, priority]);

  const { data, isLoading, isFetching, isError, refetch } = useGetTicketsQuery({
    search: query || undefined,
    status: status || undefined,
    priority: priority || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const pages = data ? pageCount(data.total, PAGE_SIZE) : 1;

  return (
    // The one-column grid lets the table scroll inside its card instead of widening the page.
    <section aria-labelledby="support-desk-title" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="support-desk-title" className="text-xl font-semibold text-slate-900">
            Support Tickets
          </h2>
          <p className="text-sm text-slate-600">
            {data
              ? `${data.total} ticket${data.total === 1 ? '' : 's'}`
              : 'Customer requests and problem reports'}
          </p>
        </div>
        {isFetching && !isLoading && (
          <Loader2 className="h-4 w-4 animate-spin text-slate-500" aria-label="Updating" />
        )}
      </div>

      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_10rem]">
        <div className="relative">
          <label htmlFor="desk-search" className="sr-only">
            Search tickets
          </label>
          <Search
            className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500"
            aria-hidden
          />
          <input
            id="desk-search"
            type="search"
            className="input pl-9"
            placeholder="Search by ticket #, subject, message, name or email"
            value={search}
            maxLength={TICKET_SEARCH_MAX}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="desk-status" className="sr-only">
            Filter by status
          </label>
          <select
            id="desk-status"
            className="input"
            value={status}
            onChange={(e) => setStatus(e.target.value as TicketStatus | '')}
          >
            <option value="">All Statuses</option>
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TICKET_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="desk-priority" className="sr-only">
            Filter by priority
          </label>
          <select
            id="desk-priority"
            className="input"
            value={priority}
            onChange={(e) => setPriority(e.target.value as TicketPriority | '')}
          >
            <option value="">All Priorities</option>
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {TICKET_PRIORITY_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {isLoading ? (
        <p className="flex items-center gap-2 py-10 text-sm text-slate-600">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading tickets...
        </p>
      ) : isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>{SUPPORT_MESSAGES.fetchFailed}</p>
          <button type="button" className="btn-secondary mt-3" onClick={() => refetch()}>
            Try again
          </button>
        </div>
      ) : !data?.items.length ? (
        <div className="card flex flex-col items-center gap-2 py-12 text-center text-slate-600">
          <Inbox className="h-8 w-8 text-slate-400" aria-hidden />
          <p>{SUPPORT_MESSAGES.noTickets}</p>
        </div>
      ) : (
        <>
          <TicketTable tickets={data.items} onView={setViewing} />
          <TicketCards tickets={data.items} onView={setViewing} />
          <Pager page={page} pages={pages} onPage={setPage} label="Ticket pages" />
        </>
      )}

      <TicketDialog ticket={viewing} onClose={() => setViewing(null)} viewer="staff" />
    </section>
  );
}

function Assignee({ ticket }: { ticket: Ticket }) {
  return ticket.support_name ? (
    <span>{ticket.support_name}</span>
  ) : (
    <span className="text-slate-500">{SUPPORT_MESSAGES.notAssigned}</span>
  );
}

function ViewButton({ ticket, onView }: { ticket: Ticket; onView: (ticket: Ticket) => void }) {
  return (
    <button
      type="button"
      className="btn-secondary px-2.5 py-1 text-xs"
      onClick={() => onView(ticket)}
      aria-label={`View ticket ${ticket.ticket_number}`}
    >
      <MessageSquare className="h-4 w-4" aria-hidden /> View
    </button>
  );
}

function TicketTable({ tickets, onView }: { tickets: Ticket[]; onView: (ticket: Ticket) => void }) {
  return (
    <div className="card hidden overflow-x-auto md:block">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-3">
              Ticket
            </th>
            <th scope="col" className="px-3 py-3">
              Subject
            </th>
            <th scope="col" className="px-3 py-3">
              Customer
            </th>
            <th scope="col" className="px-3 py-3">
              Priority
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3">
              Assigned To
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tickets.map((t) => (
            <tr key={t.id} className="align-middle hover:bg-slate-50">
              <td className="whitespace-nowrap px-3 py-3">
                <p className="font-mono text-xs text-slate-700">{t.ticket_number}</p>
                <p className="text-xs text-slate-500">{formatDate(t.created_at)}</p>
              </td>
              {/* The subject takes the room the other columns leave, on up to two lines, and
                  opens the ticket: a separate View column pushed the table past its card. */}
              <td className="w-full min-w-[12rem] px-3 py-3">
                <button
                  type="button"
                  onClick={() => onView(t)}
                  title={t.subject}
                  className="group flex items-start gap-2 text-left font-medium text-slate-900"
                >
                  <span className="sr-only">View ticket {t.ticket_number}: </span>
                  <span className="line-clamp-2 break-words group-hover:text-brand-700 group-hover:underline">
                    {t.subject}
                  </span>
                  <MessageSquare className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                </button>
              </td>
              <td className="max-w-[10rem] px-3 py-3">
                <p className="truncate text-slate-900">{t.user_name}</p>
                <p className="truncate text-xs text-slate-600">{t.email}</p>
              </td>
              <td className="px-3 py-3">
                <PriorityBadge priority={t.priority} />
              </td>
              <td className="px-3 py-3">
                <StatusSelect ticket={t} />
              </td>
              <td className="whitespace-nowrap px-3 py-3">
                <div className="flex flex-col items-start gap-1">
                  <Assignee ticket={t} />
                  <AssignToMeButton ticket={t} compact />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TicketCards({ tickets, onView }: { tickets: Ticket[]; onView: (ticket: Ticket) => void }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Tickets">
      {tickets.map((t) => (
        <li key={t.id} className="card space-y-3 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-mono text-xs text-slate-600">
                {t.ticket_number} · {formatDate(t.created_at)}
              </p>
              <p className="mt-0.5 font-semibold text-slate-900">{t.subject}</p>
              <p className="truncate text-sm text-slate-600">
                {t.user_name} · {t.email}
              </p>
            </div>
            <PriorityBadge priority={t.priority} />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <StatusSelect ticket={t} />
            <Assignee ticket={t} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <AssignToMeButton ticket={t} compact />
            <ViewButton ticket={t} onView={onView} />
          </div>
        </li>
      ))}
    </ul>
  );
}
