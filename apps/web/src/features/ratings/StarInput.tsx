// Choosing 1 to 5 stars: a group of radio buttons drawn as stars, so the keyboard and screen
// readers work as with any radio group (arrow keys move, the name says '3 stars').
import { RATING_MAX } from '@app/shared';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';

export function StarInput({
  value,
  onChange,
  disabled = false,
  invalid = false,
  describedBy,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset
      className="flex items-center gap-1"
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onMouseLeave={() => setHover(0)}
    >
      <legend className="label">Your rating</legend>
      {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
        <label
          key={n}
          className={`cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
          onMouseEnter={() => !disabled && setHover(n)}
        >
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="sr-only"
          />
          <Star
            className={`h-8 w-8 ${n <= shown ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`}
            aria-hidden
          />
          <span className="sr-only">
            {n} {n === 1 ? 'star' : 'stars'}
          </span>
        </label>
      ))}
      <span className="ml-2 text-sm text-slate-600" aria-hidden>
        {value ? `${value} of ${RATING_MAX}` : ''}
      </span>
    </fieldset>
  );
}
