// Form fields for the product's fixed lists: a group of checkboxes (specializations), and a
// country select with the state select that follows it (docs/PRODUCT.md#validation: the state list depends on
// the country, resets when the country changes and is disabled until a country is chosen).
import { COUNTRIES, statesFor } from '@app/shared';
import { useId } from 'react';

export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  columns = 2,
  name,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  columns?: 2 | 3;
  name: string;
}) {
  const errorId = useId();
  const toggle = (v: string, on: boolean) =>
    onChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={!!error || undefined}>
      <legend className="label">{legend}</legend>
      <div
        className={`grid grid-cols-1 gap-x-4 gap-y-2 rounded-lg border border-slate-300 bg-white p-3 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}
      >
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              checked={value.includes(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
              className="h-4 w-4 rounded border-slate-300 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function CountryStateFields({
  country,
  state,
  onCountryChange,
  onStateChange,
  countryLabel = 'Country',
  stateLabel = 'State',
  countryError,
  stateError,
  anyLabel,
  idPrefix,
}: {
  country: string;
  state: string;
  /** The parent also clears the state: a state of another country never stays selected. */
  onCountryChange: (country: string) => void;
  onStateChange: (state: string) => void;
  countryLabel?: string;
  stateLabel?: string;
  countryError?: string;
  stateError?: string;
  /** For filters: the text of the empty option ('Any'). */
  anyLabel?: string;
  idPrefix: string;
}) {
  const states = statesFor(country);
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-country`} className="label">
          {countryLabel}
        </label>
        <select
          id={`${idPrefix}-country`}
          className="input"
          value={country}
          aria-invalid={!!countryError || undefined}
          onChange={(e) => onCountryChange(e.target.value)}
        >
          <option value="">{anyLabel ?? 'Select a country'}</option>
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {countryError && <p className="field-error">{countryError}</p>}
      </div>
      <div>
        <label htmlFor={`${idPrefix}-state`} className="label">
          {stateLabel}
        </label>
        <select
          id={`${idPrefix}-state`}
          className="input"
          value={states.includes(state) ? state : ''}
          disabled={!country}
          aria-invalid={!!stateError || undefined}
          onChange={(e) => onStateChange(e.target.value)}
        >
          <option value="">{country ? (anyLabel ?? 'Select a state') : 'Choose a country first'}</option>
          {states.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {stateError && <p className="field-error">{stateError}</p>}
      </div>
    </>
  );
}
