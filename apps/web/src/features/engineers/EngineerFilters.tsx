// The directory's filter sidebar. Every filter lives in the URL query, so the header's
// 'Search by Skill' links (?specialization=) preselect one and a filtered list can be shared.
import {
  AVAILABILITIES,
  EDUCATION_LABELS,
  EDUCATIONS,
  LICENSE_TYPES,
  SPECIALIZATION_LABELS,
  SPECIALIZATIONS,
} from '@app/shared';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CountryStateFields } from '../../components/form/ChoiceFields';
import { MoneyRangeInputs } from '../../components/form/MoneyRangeInputs';
import { TYPING_PAUSE_MS } from '../../lib/typing';

export const FILTER_KEYS = [
  'q',
  'specialization',
  'license_type',
  'country',
  'state',
  'licensed_country',
  'licensed_state',
  'min_rate',
  'max_rate',
  'availability',
  'education',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Record<FilterKey, string>;

export function EngineerFilters({
  values,
  onChange,
  onClear,
}: {
  values: FilterValues;
  onChange: (patch: Partial<FilterValues>) => void;
  onClear: () => void;
}) {
  // Typed text (name, rates) is applied after a short pause, not on every key.
  const [q, setQ] = useState(values.q);
  const [minRate, setMinRate] = useState(values.min_rate);
  const [maxRate, setMaxRate] = useState(values.max_rate);
  useEffect(() => setQ(values.q), [values.q]);
  useEffect(() => setMinRate(values.min_rate), [values.min_rate]);
  useEffect(() => setMaxRate(values.max_rate), [values.max_rate]);
  useEffect(() => {
    if (q === values.q && minRate === values.min_rate && maxRate === values.max_rate) return;
    const t = setTimeout(() => onChange({ q, min_rate: minRate, max_rate: maxRate }), TYPING_PAUSE_MS);
    return () => clearTimeout(t);
  }, [q, minRate, maxRate, values.q, values.min_rate, values.max_rate, onChange]);

  const select = (key: FilterKey, label: string, options: readonly { value: string; label: string }[]) => (
    <div>
      <label htmlFor={`filter-${key}`} className="label">
        {label}
      </label>
      <select
        id={`filter-${key}`}
        className="input"
        value={values[key]}
        onChange={(e) => onChange({ [key]: e.target.value })}
      >
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form className="space-y-4" onSubmit={(e) => e.preventDefault()} aria-label="Filter engineers">
      <div>
        <label htmlFor="filter-q" className="label">
          Name
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            id="filter-q"
            type="search"
            className="input pl-9"
            placeholder="Search by name"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
      </div>
      {select(
        'specialization',
        'Specialization',
        SPECIALIZATIONS.map((s) => ({ value: s, label: SPECIALIZATION_LABELS[s] })),
      )}
      {select(
        'license_type',
        'License type',
        LICENSE_TYPES.map((t) => ({ value: t, label: t })),
      )}
      <CountryStateFields
        idPrefix="filter"
        anyLabel="Any"
        country={values.country}
        state={values.state}
        onCountryChange={(country) => onChange({ country, state: '' })}
        onStateChange={(state) => onChange({ state })}
      />
      <fieldset className="space-y-4">
        <legend className="label">Licensed in</legend>
        <p className="-mt-3 text-xs text-slate-500">
          A seal is valid where the licence was issued: engineers with a verified licence from there.
        </p>
        <CountryStateFields
          idPrefix="filter-licensed"
          anyLabel="Any"
          countryLabel="Licence country"
          stateLabel="Licence state"
          country={values.licensed_country}
          state={values.licensed_state}
          onCountryChange={(licensed_country) => onChange({ licensed_country, licensed_state: '' })}
          onStateChange={(licensed_state) => onChange({ licensed_state })}
        />
      </fieldset>
      <fieldset>
        <legend className="label">Hourly rate (USD)</legend>
        <div className="flex items-center gap-2">
          <MoneyRangeInputs
            field="rate"
            name="hourly rate"
            min={minRate}
            max={maxRate}
            setMin={setMinRate}
            setMax={setMaxRate}
          />
        </div>
      </fieldset>
      {select(
        'availability',
        'Availability',
        AVAILABILITIES.map((a) => ({ value: a, label: a === 'full-time' ? 'Full-time' : 'Part-time' })),
      )}
      {select(
        'education',
        'Education',
        EDUCATIONS.map((e) => ({ value: e, label: EDUCATION_LABELS[e] })),
      )}
      <button type="button" className="btn-secondary w-full" onClick={onClear}>
        Clear filters
      </button>
    </form>
  );
}
