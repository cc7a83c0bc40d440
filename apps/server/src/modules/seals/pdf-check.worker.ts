// Runs in a worker thread (pdf-check.ts): reading a PDF's signatures costs time that depends
// on what a user uploaded, so it never runs on the event loop that answers everyone.
import { createHash } from 'node:crypto';
import type { PdfCheckAnswer } from './pdf-check.ts';
import {
  type CheckOptions,
  checkDeliverablePdf,
  PdfTooComplexError,
  PdfUnreadableError,
} from './pdf-signatures.ts';

export default async function checkInWorker(
  task: ({ bytes: Uint8Array } & CheckOptions) | { warm: true },
): Promise<PdfCheckAnswer | null> {
  if ('warm' in task) return null;
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  try {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return { ok: true, sha256, signature: await checkDeliverablePdf(bytes, task) };
  } catch (err) {
    if (err instanceof PdfTooComplexError) return { ok: false, reason: 'too_complex' };
    if (err instanceof PdfUnreadableError) return { ok: false, reason: 'unreadable' };
    throw err;
  }
}
