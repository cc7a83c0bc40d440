// /find_an_engineer (docs/PRODUCT.md#screens): filters on the side, engineer cards, paging. Filtering and
// paging happen on the server; the list is open to signed-out visitors.
import { DIRECTORY_PAGE_SIZE, dollarsToCents } from '@app/shared';
import { ChevronRight, SlidersHorizontal, UserSearch } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/dashboard/DashboardShell';
import { Pager } from '../../components/Pager';
import { pageCount, totalLabel } from '../../lib/paging';
import { usePageMeta } from '../../lib/usePageMeta';
import { type EngineerFilters as ServerFilters, useEngineersQuery } from './api';
import { EngineerCard, EngineerCardSkeleton } from './EngineerCard';
import { EngineerFilters, FILTER_KEYS, type FilterValues } from './EngineerFilters';

export function FindEngineerPage() {
  usePageMeta(
    'Find an Engineer',
    'Browse licensed PE and CPE engineers by specialization, licence, location, rate and availability.',
  );
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();

  const values = useMemo(
    () => Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as FilterValues,
    [params],
  );
  const page = Math.max(1, Number(params.get('page')) || 1);

  const onChange = useCallback(
    (patch: Partial<FilterValues>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
    window.scrollTo({ top: 0 });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });

  const query: ServerFilters = {
    ...Object.fromEntries(
      FILTER_KEYS.filter((k) => values[k] && !k.endsWith('_rate')).map((k) => [k, values[k]]),
    ),
    min_rate: values.min_rate ? (dollarsToCents(values.min_rate) ?? undefined) : undefined,
    max_rate: values.max_rate ? (dollarsToCents(values.max_rate) ?? undefined) : undefined,
    page,
    pageSize: DIRECTORY_PAGE_SIZE,
  };
  const { data, isFetching, isError } = useEngineersQuery(query);
  const activeCount = FILTER_KEYS.filter((k) => values[k]).length;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Find an Engineer</h1>
        <p className="mt-1 text-slate-600">
          Licensed engineers ready to review, sign and stamp your drawings.
        </p>
      </div>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <aside className="lg:sticky lg:top-20 lg:w-72 lg:shrink-0" aria-label="Filters">
          <button
            type="button"
            className="btn-secondary w-full justify-between lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <span className="inline-flex items-center gap-2">
              <SlidersHorizontal className="h-4 w-4" aria-hidden />
              Filters
              {activeCount > 0 && (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
                  {activeCount}
                </span>
              )}
            </span>
            <ChevronRight className={`h-4 w-4 transition ${filtersOpen ? 'rotate-90' : ''}`} aria-hidden />
          </button>
          <div id={panelId} className={`card mt-3 p-4 lg:mt-0 lg:block ${filtersOpen ? 'block' : 'hidden'}`}>
            <EngineerFilters values={values} onChange={onChange} onClear={clear} />
          </div>
        </aside>

        <section className="min-w-0 flex-1" aria-label="Engineers" aria-busy={isFetching}>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {data && !isError
              ? `${totalLabel(data.total, data.totalIsCapped)} engineer${data.total === 1 && !data.totalIsCapped ? '' : 's'} found`
              : '\u00a0'}
          </p>
          {isError ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            >
              Failed to load engineers.
            </p>
          ) : !data || (isFetching && !data.items.length) ? (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Loading engineers">
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <EngineerCardSkeleton key={i} />
              ))}
            </ul>
          ) : data.items.length === 0 ? (
            <EmptyState icon={UserSearch}>
              No engineers match these filters.{' '}
              {activeCount > 0 && (
                <button type="button" onClick={clear} className="font-medium text-brand-700 hover:underline">
                  Clear filters
                </button>
              )}
            </EmptyState>
          ) : (
            <ul
              className={`grid gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3 ${isFetching ? 'opacity-60' : ''}`}
            >
              {data.items.map((e) => (
                <EngineerCard key={e.user_id} engineer={e} />
              ))}
            </ul>
          )}
          {data && !isError && (
            <Pager page={page} pages={pages} morePages={data.totalIsCapped} onPage={setPage} />
          )}
        </section>
      </div>
    </main>
  );
}
