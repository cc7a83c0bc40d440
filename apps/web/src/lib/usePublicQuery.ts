// A GET of the public API without the Redux store, for the pages of a first visit
// (lib/lazyStore.ts): /explore's list must not wait for RTK Query and the store to load.
// It answers like an RTK Query hook, so a page reads it the same way: `data` is the last
// answer (kept while the next one loads), `error` is { status, data } (lib/apiErrors.ts
// reads it), `isLoading` until the first answer, `isFetching` while any call runs.
// No token is sent: what it asks is the same for everyone.
import { useEffect, useState } from 'react';

export type QueryParams = Record<string, string | number | undefined>;

/** The address of `path` under /api with the given query; undefined values are left out. */
export function publicApiUrl(path: string, params: QueryParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const search = query.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

type Failure = { status: number | 'FETCH_ERROR'; data?: unknown };

export function usePublicQuery<T>(path: string, params?: QueryParams) {
  const url = publicApiUrl(path, params);
  /** The last successful answer, whatever address it was for. */
  const [data, setData] = useState<T>();
  /** The address the last call that ended was for, and its failure if it failed. */
  const [settled, setSettled] = useState<{ url: string; error?: Failure }>();

  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      let error: Failure | undefined;
      try {
        const res = await fetch(url, { signal: abort.signal });
        const body: unknown = await res.json().catch(() => undefined);
        if (abort.signal.aborted) return;
        if (res.ok) setData(body as T);
        else error = { status: res.status, data: body };
      } catch {
        if (abort.signal.aborted) return;
        error = { status: 'FETCH_ERROR' };
      }
      setSettled({ url, error });
    })();
    return () => abort.abort();
  }, [url]);

  const isFetching = settled?.url !== url;
  return {
    data,
    error: isFetching ? undefined : settled?.error,
    isFetching,
    isLoading: isFetching && data === undefined,
  };
}
