// /explore (docs/PRODUCT.md#screens): full-text search, filters, sort and pages of 20 projects. Every
// choice lives in the URL query, so links (the header's 'Browse Categories' menu sends
// ?specialization=), reloads and back/forward all show the same list.
import {
  COUNTRIES,
  dollarsToCents,
  LICENSE_TYPES,
  PROJECT_PAGE_SIZE,
  PROJECT_SORTS,
  type ProjectSort,
  type SavedSearchFiltersInput,
  SPECIALIZATION_LABELS,
  SPECIALIZATIONS,
  statesFor,
  URGENCY_LEVELS,
} from '@app/shared';
import { ChevronRight, FolderSearch, Loader2, Search, SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MoneyRangeInputs } from '../../components/form/MoneyRangeInputs';
import { Pager } from '../../components/Pager';
import { errorMessage } from '../../lib/apiErrors';
import { lazyComponent } from '../../lib/lazyComponent';
import { useCurrentUser } from '../../lib/lazyStore';
import { clampPage, pageCount, shownRange, totalLabel } from '../../lib/paging';
import { TYPING_PAUSE_MS } from '../../lib/typing';
import { usePageMeta } from '../../lib/usePageMeta';
import { usePublicQuery } from '../../lib/usePublicQuery';
import type { ProjectPage, ProjectSearch } from './api';
import { URGENCY_LABELS } from './format';
import { ProjectCard } from './ProjectCard';
import { isEchoOf } from './rangeEcho';

// An engineer's 'Alert me about projects like these' needs the store: it comes with it,
// for signed-in engineers only, never with a visitor's first page.
const SaveSearchButton = lazyComponent(async () => (await import('../alerts')).SaveSearchButton);

/** The current filters as a saved search keeps them (Explore's query values; budgets in cents). */
function savedFilters(search: ProjectSearch): SavedSearchFiltersInput {
  const cents = (c: number | undefined) => (c === undefined ? undefined : String(c));
  // searchFromParams kept only known values; the server checks them again.
  type F = SavedSearchFiltersInput;
  return {
    q: search.q,
    specialization: search.specialization as F['specialization'],
    license_type: search.license_type as F['license_type'],
    country: search.country as F['country'],
    state: search.state,
    urgency: search.urgency as F['urgency'],
    min_budget: cents(search.min_budget),
    max_budget: cents(search.max_budget),
  };
}

const SORT_LABELS: Record<ProjectSort, string> = {
  newest: 'Newest first',
  budget_desc: 'Budget: high to low',
  budget_asc: 'Budget: low to high',
};

/** The filter keys kept in the URL; budgets there are in dollars, as typed. */
const FILTER_KEYS = [
  'q',
  'specialization',
  'license_type',
  'country',
  'state',
  'min_budget',
  'max_budget',
  'urgency',
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function oneOf<T extends string>(values: readonly T[], v: string | null): T | undefined {
  return v && (values as readonly string[]).includes(v) ? (v as T) : undefined;
}

/** The API query for the URL: unknown values are dropped rather than sent. */
function searchFromParams(params: URLSearchParams): ProjectSearch {
  const cents = (key: string) => {
    const raw = params.get(key);
    if (!raw) return undefined;
    const c = dollarsToCents(raw);
    return c !== null && c >= 0 ? c : undefined;
  };
  const page = Number(params.get('page'));
  const country = oneOf(COUNTRIES, params.get('country'));
  const state = params.get('state');
  return {
    q: params.get('q')?.trim() || undefined,
    specialization: oneOf(SPECIALIZATIONS, params.get('specialization')),
    license_type: oneOf(LICENSE_TYPES, params.get('license_type')),
    country,
    state: country && state && statesFor(country).includes(state) ? state : undefined,
    min_budget: cents('min_budget'),
    max_budget: cents('max_budget'),
    urgency: oneOf(URGENCY_LEVELS, params.get('urgency')),
    sort: oneOf(PROJECT_SORTS, params.get('sort')) ?? 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function ExplorePage() {
  usePageMeta('Explore Projects', 'Find engineering projects that need a licensed engineer’s stamp.');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  // Not RTK Query: explore is a first-visit page and renders without the store (lib/lazyStore.ts).
  const { data, error, isFetching, isLoading } = usePublicQuery<ProjectPage>('/projects', search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const resultsId = useId();

  /** Changes some query keys; any filter change goes back to page 1. */
  const update = (changes: Partial<Record<FilterKey | 'sort' | 'page', string | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const activeFilters = FILTER_KEYS.filter((k) => k !== 'q' && params.get(k)).length;
  const total = data?.total ?? 0;
  const totalIsCapped = data?.totalIsCapped ?? false;
  const page = data?.page ?? search.page ?? 1;
  const pageSize = data?.pageSize ?? PROJECT_PAGE_SIZE;
  const pages = pageCount(total, pageSize);
  const range = shownRange(page, pageSize, total);

  // An address past the last page (?page=99 of 2) moves to the last page instead of an empty one.
  const beyondLast = !!data && !isFetching && data.total > 0 && page > pages;
  useEffect(() => {
    if (!beyondLast) return;
    const next = new URLSearchParams(params);
    if (pages > 1) next.set('page', String(clampPage(page, pages)));
    else next.delete('page');
    setParams(next, { replace: true });
  }, [beyondLast, page, pages, params, setParams]);

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Explore Projects</h1>
          <p className="mt-1 text-sm text-slate-600">
            Engineering projects from clients who need a licensed engineer’s review and stamp.
          </p>
        </div>
        {user?.role === 'client' && (
          <Link to="/create_project" className="btn-primary">
            Post a Project
          </Link>
        )}
        {user?.role === 'engineer' && (
          <Suspense fallback={null}>
            <SaveSearchButton filters={savedFilters(search)} userId={user.id} />
          </Suspense>
        )}
      </div>

      <SearchBox
        key={params.get('q') ?? ''}
        initial={params.get('q') ?? ''}
        onSearch={(q) => update({ q })}
      />

      <div className="mt-6 flex flex-col gap-6 lg:flex-row lg:items-start">
        <div className="lg:w-72 lg:shrink-0">
          <button
            type="button"
            className="btn-secondary w-full justify-between lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <span className="flex items-center gap-2">
              <SlidersHorizontal className="h-4 w-4" aria-hidden />
              Filters{activeFilters ? ` (${activeFilters})` : ''}
            </span>
            <ChevronRight
              className={`h-4 w-4 transition-transform ${filtersOpen ? 'rotate-90' : ''}`}
              aria-hidden
            />
          </button>
          <section
            id={panelId}
            aria-label="Filters"
            className={`${filtersOpen ? 'mt-3 block' : 'hidden'} card p-4 lg:sticky lg:top-20 lg:mt-0 lg:block`}
          >
            <Filters params={params} update={update} />
          </section>
        </div>

        <section className="min-w-0 flex-1" aria-labelledby={resultsId}>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id={resultsId} className="text-sm text-slate-700" aria-live="polite">
              {isLoading ? (
                'Loading projects...'
              ) : (
                <>
                  <span className="font-semibold text-slate-900">{totalLabel(total, totalIsCapped)}</span>{' '}
                  {total === 1 && !totalIsCapped ? 'project' : 'projects'} found
                  {range && (
                    <span className="text-slate-600">
                      {' '}
                      · showing {range.first}–{range.last}
                    </span>
                  )}
                </>
              )}
            </h2>
            <div className="flex items-center gap-2">
              {isFetching && !isLoading && (
                <Loader2 className="h-4 w-4 animate-spin text-slate-500" aria-hidden />
              )}
              <label htmlFor="explore-sort" className="text-sm text-slate-700">
                Sort by
              </label>
              <select
                id="explore-sort"
                className="input w-auto py-1.5"
                value={search.sort}
                onChange={(e) => update({ sort: e.target.value === 'newest' ? undefined : e.target.value })}
              >
                {PROJECT_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {error ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            >
              {errorMessage(error, 'Failed to load projects.')}
            </p>
          ) : isLoading ? (
            // As tall as the screen, so the footer does not show and then jump down when the
            // list arrives (a layout shift).
            <div className="flex min-h-screen justify-center py-16">
              <Loader2 className="h-6 w-6 animate-spin text-slate-400" aria-label="Loading" />
            </div>
          ) : data && data.items.length > 0 ? (
            <ul className="space-y-4" aria-label="Projects">
              {data.items.map((p) => (
                <li key={p.id}>
                  <ProjectCard project={p} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
              <FolderSearch className="h-10 w-10 text-slate-400" aria-hidden />
              <p className="font-semibold text-slate-900">No projects match your search.</p>
              <p className="text-sm text-slate-600">Try other words or fewer filters.</p>
              {(activeFilters > 0 || params.get('q')) && (
                <button
                  type="button"
                  className="btn-secondary mt-2"
                  onClick={() => setParams(new URLSearchParams())}
                >
                  Clear all filters
                </button>
              )}
            </div>
          )}

          <Pager
            page={page}
            pages={pages}
            morePages={totalIsCapped}
            onPage={(p) => update({ page: p > 1 ? String(p) : undefined })}
          />
        </section>
      </div>
    </main>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string | undefined) => void }) {
  const [text, setText] = useState(initial);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <search className="mt-6 block">
      <form onSubmit={onSubmit} className="flex gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
            aria-hidden
          />
          <label htmlFor="explore-q" className="sr-only">
            Search projects
          </label>
          <input
            id="explore-q"
            type="search"
            className="input py-2.5 pl-9"
            placeholder="Search projects"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
    </search>
  );
}

function Filters({
  params,
  update,
}: {
  params: URLSearchParams;
  update: (changes: Partial<Record<FilterKey, string | undefined>>) => void;
}) {
  const country = params.get('country') ?? '';
  const states = statesFor(country);
  const select = (key: FilterKey) => ({
    value: params.get(key) ?? '',
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => update({ [key]: e.target.value || undefined }),
  });
  const hasFilters = FILTER_KEYS.some((k) => k !== 'q' && params.get(k));

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h2 className="sr-only text-sm font-semibold uppercase tracking-wide text-slate-700 lg:not-sr-only">
          Filters
        </h2>
        {hasFilters && (
          <button
            type="button"
            className="flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            onClick={() =>
              update(Object.fromEntries(FILTER_KEYS.filter((k) => k !== 'q').map((k) => [k, undefined])))
            }
          >
            <X className="h-3.5 w-3.5" aria-hidden />
            Clear filters
          </button>
        )}
      </div>
      <div>
        <label htmlFor="filter-specialization" className="label">
          Specialization
        </label>
        <select id="filter-specialization" className="input" {...select('specialization')}>
          <option value="">All specializations</option>
          {SPECIALIZATIONS.map((s) => (
            <option key={s} value={s}>
              {SPECIALIZATION_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-license" className="label">
          License type
        </label>
        <select id="filter-license" className="input" {...select('license_type')}>
          <option value="">All license types</option>
          {LICENSE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-country" className="label">
          Country
        </label>
        <select
          id="filter-country"
          className="input"
          value={country}
          onChange={(e) => update({ country: e.target.value || undefined, state: undefined })}
        >
          <option value="">All countries</option>
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-state" className="label">
          State
        </label>
        <select id="filter-state" className="input" disabled={!country} {...select('state')}>
          <option value="">{country ? 'All states' : 'Choose a country first'}</option>
          {states.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <BudgetRange
        min={params.get('min_budget') ?? ''}
        max={params.get('max_budget') ?? ''}
        onApply={(min, max) => update({ min_budget: min || undefined, max_budget: max || undefined })}
      />
      <div>
        <label htmlFor="filter-urgency" className="label">
          Urgency
        </label>
        <select id="filter-urgency" className="input" {...select('urgency')}>
          <option value="">Any urgency</option>
          {URGENCY_LEVELS.map((u) => (
            <option key={u} value={u}>
              {URGENCY_LABELS[u]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * Minimum and maximum budget in dollars, applied together after a short pause in typing (as
 * the directory's rate range) or at once with Enter or Go. Typed text is never reset by the
 * other box being applied; it follows the address only when that changes from elsewhere
 * (Clear filters, back button).
 */
function BudgetRange({
  min,
  max,
  onApply,
}: {
  min: string;
  max: string;
  onApply: (min: string, max: string) => void;
}) {
  const [lo, setLo] = useState(min);
  const [hi, setHi] = useState(max);
  const valid = (v: string) => v.trim() === '' || (dollarsToCents(v) ?? -1) >= 0;
  const invalid = !valid(lo) || !valid(hi);
  // What was last sent to the address: the pause timer and Enter may both fire before the
  // page re-renders with the new address, and the same range must not be pushed twice.
  const applied = useRef({ min, max });
  useEffect(() => {
    // Our own values coming back must not undo what was typed since (rangeEcho.ts).
    if (isEchoOf(applied.current, { min, max })) return;
    applied.current = { min, max };
    setLo(min);
    setHi(max);
  }, [min, max]);
  const commit = useCallback(
    (l: string, h: string) => {
      if (l === applied.current.min && h === applied.current.max) return;
      applied.current = { min: l, max: h };
      onApply(l, h);
    },
    [onApply],
  );
  const apply = () => {
    if (!invalid) commit(lo.trim(), hi.trim());
  };
  useEffect(() => {
    if (invalid) return;
    const t = setTimeout(() => commit(lo.trim(), hi.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(t);
  }, [lo, hi, invalid, commit]);
  return (
    <fieldset>
      <legend className="label">Budget (USD)</legend>
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <MoneyRangeInputs field="budget" name="budget" min={lo} max={hi} setMin={setLo} setMax={setHi} />
        <button type="submit" className="btn-secondary px-3" aria-label="Apply budget range">
          Go
        </button>
      </form>
      {invalid && <p className="field-error">Enter amounts of 0 or more.</p>}
    </fieldset>
  );
}
