import { Stamp } from 'lucide-react';
import { Link } from 'react-router';

/** The StampWorks mark and name, linking home. `tone` adapts it to a dark footer. */
export function Logo({ tone = 'light', onClick }: { tone?: 'light' | 'dark'; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={`inline-flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight ${
        tone === 'dark' ? 'text-white' : 'text-slate-900'
      }`}
    >
      <span className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white shadow-sm">
        <Stamp className="h-4.5 w-4.5" aria-hidden />
      </span>
      <span>
        Stamp<span className={tone === 'dark' ? 'text-brand-100' : 'text-brand-600'}>Works</span>
      </span>
    </Link>
  );
}
