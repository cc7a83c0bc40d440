// The PDF check, off the main thread: a small pool of worker threads (piscina) reads each
// deliverable's signatures, with limits no real drawing set reaches (docs/SECURITY.md,
// 'Nothing a request sends can block the server'):
// - signatures and signed bytes per file (PDF_CHECK_LIMITS, checked in the worker);
// - time per file: a check still running after PDF_CHECK_TIME_MS is stopped (its thread ends);
// - files waiting: past PDF_CHECK_QUEUE the caller is asked to try again in a minute.
// Each refusal is an AppError with a message fit to show the engineer.
import { type PdfSignatureCheck, SEAL_MESSAGES, SUBMISSION_MESSAGES } from '@app/shared';
import { AppError } from '../../lib/errors.ts';
import { lazyWorkerPool, poolRefusal } from '../../lib/worker-pool.ts';

export const PDF_CHECK_TIME_MS = 10_000;
export const PDF_CHECK_QUEUE = 32;

export type PdfCheckAnswer =
  | { ok: true; sha256: string; signature: PdfSignatureCheck }
  | { ok: false; reason: 'too_complex' | 'unreadable' };

const thePool = lazyWorkerPool(new URL('./pdf-check.worker.ts', import.meta.url), PDF_CHECK_QUEUE);

/**
 * The PDF's SHA-256 and every embedded signature, checked in a worker thread; refusals as
 * AppError (a file that is not a readable PDF included). `expect.engineerName`, the engineer
 * of record's name, lets the verdict say whether the signer is that engineer;
 * `expect.trustRootsPem` is the trust store (`config.sealTrustRoots`).
 */
export async function checkPdf(
  bytes: Buffer,
  timeMs = PDF_CHECK_TIME_MS,
  expect: { engineerName?: string | null; trustRootsPem?: string } = {},
): Promise<{ sha256: string; signature: PdfSignatureCheck }> {
  let answer: PdfCheckAnswer;
  try {
    // A thread that is still starting (loading its code) does not count against the file's
    // time: with one thread per spare core, this brings one up, then the file is timed alone.
    await thePool().run({ warm: true });
    answer = await thePool().run(
      {
        bytes: new Uint8Array(bytes),
        trustRootsPem: expect.trustRootsPem ?? '',
        engineerName: expect.engineerName ?? null,
      },
      { signal: AbortSignal.timeout(timeMs) },
    );
  } catch (err) {
    const refusal = poolRefusal(err);
    if (refusal === 'timeout') throw new AppError('UNPROCESSABLE', SUBMISSION_MESSAGES.pdfTooSlow);
    if (refusal === 'busy') throw new AppError('UNAVAILABLE', SUBMISSION_MESSAGES.pdfChecksBusy);
    throw err;
  }
  if (!answer.ok)
    throw new AppError(
      'UNPROCESSABLE',
      answer.reason === 'unreadable' ? SEAL_MESSAGES.unreadable : SUBMISSION_MESSAGES.pdfTooComplex,
    );
  return { sha256: answer.sha256, signature: answer.signature };
}
