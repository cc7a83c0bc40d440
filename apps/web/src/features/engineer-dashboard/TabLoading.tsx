// What a tab shows while its code arrives.
import { Loader2 } from 'lucide-react';

export function TabLoading() {
  return (
    <div className="card flex items-center gap-2 p-6 text-sm text-slate-600" role="status">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading...
    </div>
  );
}
