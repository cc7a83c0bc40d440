import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';

/** Someone else's private page: say so plainly and point to one's own. */
export function NotYourPage({ ownPath, what }: { ownPath: string; what: string }) {
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center px-6 py-16 text-center">
      <ShieldAlert className="h-10 w-10 text-amber-600" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">This {what} belongs to someone else</h1>
      <p className="mt-2 text-slate-600">You can only open your own {what}.</p>
      <Link to={ownPath} className="btn-primary mt-6">
        Go to my {what}
      </Link>
    </main>
  );
}
