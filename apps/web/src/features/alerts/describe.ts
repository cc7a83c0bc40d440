// How a saved search reads in the list, and the Explore address that shows its projects.
import {
  centsToDecimal,
  formatCents,
  type SavedSearchDto,
  type SavedSearchFiltersInput,
  SPECIALIZATION_LABELS,
  type Specialization,
} from '@app/shared';

type Filters = SavedSearchDto['filters'];

/** 'Structural · PE · Texas, USA · $1,000 to $5,000 · "retaining wall"', or 'Every open project'. */
export function describeFilters(f: Filters): string {
  const parts: string[] = [];
  if (f.q) parts.push(`“${f.q}”`);
  if (f.specialization)
    parts.push(SPECIALIZATION_LABELS[f.specialization as Specialization] ?? f.specialization);
  if (f.license_type) parts.push(f.license_type);
  if (f.state || f.country) parts.push([f.state, f.country].filter(Boolean).join(', '));
  if (f.urgency) parts.push(`${f.urgency} urgency`);
  if (f.min_budget !== undefined && f.max_budget !== undefined)
    parts.push(`${formatCents(f.min_budget)} to ${formatCents(f.max_budget)}`);
  else if (f.min_budget !== undefined) parts.push(`from ${formatCents(f.min_budget)}`);
  else if (f.max_budget !== undefined) parts.push(`up to ${formatCents(f.max_budget)}`);
  return parts.length ? parts.join(' · ') : 'Every open project';
}

/** Explore's query for a saved search: budgets there are in dollars, as typed. */
export function exploreQuery(f: Filters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === '') continue;
    params.set(k, typeof v === 'number' ? centsToDecimal(v) : v);
  }
  return params.toString();
}

/** A name to start from: the words searched, else the main filters. */
export function suggestedName(f: SavedSearchFiltersInput): string {
  const parts = [
    f.q,
    f.specialization ? SPECIALIZATION_LABELS[f.specialization as Specialization] : undefined,
    f.license_type,
    f.state || f.country,
  ].filter(Boolean);
  return (parts.join(' · ') || 'All open projects').slice(0, 80);
}
