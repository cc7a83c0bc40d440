// Runs in a worker thread (pdf-render.ts): laying out a statement costs time that grows with
// the engineer's year (about 0.4 s for 1,000 lines on the shared 2-core machine), so it never
// runs on the event loop that answers everyone.
import { receiptPdf, statementPdf } from './pdf-documents.ts';
import type { PdfTask } from './pdf-render.ts';

export default async function renderInWorker(task: PdfTask | { warm: true }): Promise<Uint8Array | null> {
  if ('warm' in task) return null;
  return task.kind === 'receipt' ? receiptPdf(task.receipt) : statementPdf(task.statement);
}
