// The in-page preview of a deliverable: the private PDF is fetched with the
// session's token and drawn page by page with pdf.js, fitted to the width it is given.

import { ChevronLeft, ChevronRight, Loader2 } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { signOutOn401 } from '../../lib/http';
import { useAppDispatch, useAppSelector } from '../../lib/store';
import { loadPdfJs } from './pdfjs';

export const PREVIEW_FAILED = 'The preview could not be shown. Download the PDF to open it.';

export function PdfPreview({ link, title }: { link: string; title: string }) {
  const token = useAppSelector((s) => s.session.token);
  const dispatch = useAppDispatch();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [rendering, setRendering] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    (async () => {
      try {
        const res = await fetch(link, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        if (!res.ok) {
          signOutOn401(dispatch, res.status, !!token);
          throw new Error(String(res.status));
        }
        const data = new Uint8Array(await res.arrayBuffer());
        const pdfjs = await loadPdfJs();
        loaded = await pdfjs.getDocument({ data, isEvalSupported: false, useSystemFonts: true }).promise;
        if (cancelled) return void loaded.destroy();
        setDoc(loaded);
      } catch {
        if (!cancelled) setError(PREVIEW_FAILED);
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [link, token, dispatch]);

  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    (async () => {
      setRendering(true);
      try {
        const pdfPage = await doc.getPage(page);
        const canvas = canvasRef.current;
        const frame = frameRef.current;
        if (cancelled || !canvas || !frame) return;
        const base = pdfPage.getViewport({ scale: 1 });
        const scale = Math.max(0.25, (frame.clientWidth - 2) / base.width);
        const ratio = window.devicePixelRatio || 1;
        const viewport = pdfPage.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = pdfPage.render({ canvas, viewport });
        await task.promise;
      } catch (e) {
        if (!cancelled && (e as { name?: string })?.name !== 'RenderingCancelledException')
          setError(PREVIEW_FAILED);
      } finally {
        if (!cancelled) setRendering(false);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page]);

  if (error)
    return (
      <p role="alert" className="alert-error">
        {error}
      </p>
    );
  const pages = doc?.numPages ?? 0;
  return (
    <figure className="space-y-2" aria-label={`Preview of ${title}`}>
      <div
        ref={frameRef}
        className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
      >
        {(!doc || rendering) && (
          <div className="absolute inset-0 flex items-center justify-center" role="status">
            <Loader2 className="h-6 w-6 animate-spin text-slate-500" aria-hidden />
            <span className="sr-only">Loading preview...</span>
          </div>
        )}
        <canvas ref={canvasRef} className="mx-auto block min-h-40 max-w-full bg-white" />
      </div>
      {pages > 0 && (
        <figcaption className="flex items-center justify-between gap-2 text-sm text-slate-600">
          <button
            type="button"
            className="btn-secondary px-2 py-1"
            onClick={() => setPage((p) => p - 1)}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn-secondary px-2 py-1"
            onClick={() => setPage((p) => p + 1)}
            disabled={page >= pages}
            aria-label="Next page"
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </button>
        </figcaption>
      )}
    </figure>
  );
}
