import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { initials } from './initials';

/** The profile picture, else the initials of the name (docs/PRODUCT.md#screens), else a neutral icon. */
export function Avatar({
  name,
  picture,
  size = 'md',
}: {
  name: string;
  picture: string | null;
  size?: 'md' | 'lg';
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const box = size === 'lg' ? 'h-11 w-11 text-base' : 'h-9 w-9 text-sm';
  if (picture && broken !== picture) {
    return (
      <img
        src={picture}
        alt=""
        onError={() => setBroken(picture)}
        className={`${box} shrink-0 rounded-full object-cover ring-2 ring-white`}
      />
    );
  }
  const letters = initials(name);
  return (
    <span
      aria-hidden
      data-testid="avatar-initials"
      className={`${box} grid shrink-0 place-items-center rounded-full bg-brand-600 font-semibold text-white ring-2 ring-white`}
    >
      {letters || <UserRound className="h-5 w-5" />}
    </span>
  );
}
