// An engineer's picture, else a default avatar drawn inline (initials on a tinted disc):
// no external image is ever fetched for it.
import { useState } from 'react';
import { initials } from '../../components/avatar/initials';

const SIZES = { md: 'h-14 w-14 text-lg', lg: 'h-24 w-24 text-3xl sm:h-28 sm:w-28' } as const;

export function EngineerAvatar({
  name,
  picture,
  size = 'md',
}: {
  name: string;
  picture: string | null;
  size?: keyof typeof SIZES;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const box = SIZES[size];
  if (picture && broken !== picture) {
    return (
      <img
        src={picture}
        alt={`${name}`}
        onError={() => setBroken(picture)}
        className={`${box} shrink-0 rounded-full object-cover ring-2 ring-white shadow`}
      />
    );
  }
  return (
    <svg
      viewBox="0 0 64 64"
      role="img"
      aria-label={name}
      data-testid="default-avatar"
      className={`${box} shrink-0 rounded-full shadow ring-2 ring-white`}
    >
      <circle cx="32" cy="32" r="32" fill="#1d4ed8" />
      <text
        x="32"
        y="33"
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#fff"
        fontSize="24"
        fontWeight="600"
        fontFamily="Inter, ui-sans-serif, system-ui, sans-serif"
      >
        {initials(name) || '?'}
      </text>
    </svg>
  );
}
