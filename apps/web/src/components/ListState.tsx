// Loading, failed, empty: the three states of every list, shown the same way everywhere.
// When none applies, the list itself (children) is shown.
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/apiErrors';

export function ListState({
  isLoading,
  error,
  isEmpty,
  loadingText,
  errorText,
  empty,
  children,
}: {
  isLoading: boolean;
  /** The query's error, if it failed: the server's message is shown when it sent one. */
  error?: unknown;
  isEmpty: boolean;
  loadingText: string;
  /** Shown when the failure carries no message of the server's. */
  errorText: string;
  /** What an empty list shows, usually an <EmptyState>. */
  empty: ReactNode;
  children: ReactNode;
}) {
  if (isLoading)
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-slate-600" role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {loadingText}
      </div>
    );
  if (error)
    return (
      <p role="alert" className="alert-error">
        {errorMessage(error, errorText)}
      </p>
    );
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}

/**
 * A tab's one loading state while its parts are fetched: the parts then show together,
 * instead of each arriving on its own and pushing the ones below it down (a layout shift).
 */
export function TabLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="card flex items-center gap-2 p-6 text-sm text-slate-600" role="status">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {text}
    </div>
  );
}
