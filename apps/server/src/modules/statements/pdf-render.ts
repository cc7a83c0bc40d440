// Receipts and statements are laid out in a small pool of worker threads (piscina, as the
// seal check does in modules/seals/pdf-check.ts), with limits: a document still rendering
// after PDF_RENDER_TIME_MS is stopped, and past PDF_RENDER_QUEUE waiting documents the caller
// is asked to try again in a minute. Measured in docs/PAYMENTS.md 'Receipts and statements'.
import { STATEMENT_MESSAGES } from '@app/shared';
import { AppError } from '../../lib/errors.ts';
import { lazyWorkerPool, poolRefusal } from '../../lib/worker-pool.ts';
import type { Receipt } from './receipt.ts';
import type { Statement } from './statement-builder.ts';

export const PDF_RENDER_TIME_MS = 30_000;
export const PDF_RENDER_QUEUE = 32;

export type PdfTask = { kind: 'receipt'; receipt: Receipt } | { kind: 'statement'; statement: Statement };

const thePool = lazyWorkerPool(new URL('./pdf-render.worker.ts', import.meta.url), PDF_RENDER_QUEUE);

/** The document as PDF bytes, laid out off the main thread. */
export async function renderPdf(task: PdfTask): Promise<Buffer> {
  try {
    const bytes: Uint8Array = await thePool().run(task, { signal: AbortSignal.timeout(PDF_RENDER_TIME_MS) });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (poolRefusal(err)) throw new AppError('UNAVAILABLE', STATEMENT_MESSAGES.busy);
    throw err;
  }
}
