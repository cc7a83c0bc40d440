// A link to a private file (a licence proof...). Private files are served only with the
// signed-in reader's bearer token, which a plain <a href> cannot send: the file is
// fetched with it and handed to the browser as a download.

import { fileNameOfDisposition } from '@app/shared';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { signOutOn401 } from '../lib/http';
import { useAppDispatch, useAppSelector } from '../lib/store';
import { toast } from './toast/toast';

export const DOWNLOAD_FAILED = 'Download failed';

/**
 * Fetches `/files/<name>` with the session's token and saves it under `filename`, else the
 * name the server gives it (the uploader's, in Content-Disposition), else its stored name.
 */
export async function downloadPrivateFile(
  link: string,
  token: string | null,
  filename?: string,
): Promise<Response> {
  const res = await fetch(link, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) return res;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download =
    filename ??
    fileNameOfDisposition(res.headers.get('content-disposition')) ??
    link.slice(link.lastIndexOf('/') + 1);
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return res;
}

export function PrivateFileLink({
  href,
  filename,
  className,
  children,
}: {
  href: string;
  /** The saved file's name when the link's last segment is not one. */
  filename?: string;
  className?: string;
  children: ReactNode;
}) {
  const token = useAppSelector((s) => s.session.token);
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      const res = await downloadPrivateFile(href, token, filename);
      if (!res.ok) {
        signOutOn401(dispatch, res.status, !!token);
        const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
        toast.error(typeof body?.message === 'string' ? body.message : DOWNLOAD_FAILED);
      }
    } catch {
      toast.error(DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={open} disabled={busy} aria-busy={busy}>
      {children}
      {busy && <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />}
    </button>
  );
}
