// A minimum and a maximum in dollars side by side, as the filters ask for them (the Explore
// page's budget, the directory's hourly rate): two number boxes named for screen readers,
// with a dash between. The caller wraps them (a row, or a form with its own button) and
// decides when the values apply.
export function MoneyRangeInputs({
  field,
  name,
  min,
  max,
  setMin,
  setMax,
}: {
  /** The boxes' ids are `filter-min-<field>` and `filter-max-<field>`... */
  field: string;
  /** ...and their names 'Minimum <name>' and 'Maximum <name>'. */
  name: string;
  min: string;
  max: string;
  setMin: (value: string) => void;
  setMax: (value: string) => void;
}) {
  const box = (end: 'min' | 'max', value: string, onChange: (value: string) => void) => (
    <>
      <label htmlFor={`filter-${end}-${field}`} className="sr-only">
        {`${end === 'min' ? 'Minimum' : 'Maximum'} ${name}`}
      </label>
      <input
        id={`filter-${end}-${field}`}
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        placeholder={end === 'min' ? 'Min' : 'Max'}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
  return (
    <>
      {box('min', min, setMin)}
      <span className="text-slate-500" aria-hidden>
        –
      </span>
      {box('max', max, setMax)}
    </>
  );
}
