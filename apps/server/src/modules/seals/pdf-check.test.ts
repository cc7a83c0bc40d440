// A crafted deliverable cannot hold the server: the check runs in a worker thread, within
// limits, and cheap refusals come before any reading (docs/SECURITY.md).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SEAL_MESSAGES, SUBMISSION_MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawingPdf, makeSealIdentity, signPdf } from '../../seed/stamped-pdf.ts';
import { uploaded } from '../../test/fixtures/files.ts';
import { paidDeal } from '../../test/fixtures/payments.ts';
import { submitVersion } from '../../test/fixtures/submissions.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { checkPdf, PDF_CHECK_LIMITS } from './index.ts';

/**
 * The audit's file: one `/Contents <00>` and `entries` /ByteRange entries all framing it, with
 * `padding` bytes of page data, so each entry asks for the whole file to be read again.
 */
function manyByteRanges(entries: number, padding = 2 * 1024 * 1024): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Sig /Contents ');
  const hole = Buffer.from('<00>');
  const b = head.length;
  const c = b + hole.length;
  const filler = Buffer.alloc(padding, 0x20);
  const tailText = (d: number) => `\n/ByteRange [0 ${b} ${c} ${d}]`.repeat(entries);
  // The tail's length depends on d's digits: settle it in two rounds.
  let d = 0;
  for (let i = 0; i < 3; i++) d = filler.length + Buffer.byteLength(`${tailText(d)}\n>>\nendobj\n%%EOF\n`);
  return Buffer.concat([head, hole, filler, Buffer.from(`${tailText(d)}\n>>\nendobj\n%%EOF\n`)]);
}

/** The longest the event loop was held while `work` ran, in ms. */
async function loopHeldDuring(work: () => Promise<unknown>): Promise<number> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  try {
    await work().catch(() => {});
    await new Promise((r) => setTimeout(r, 20));
  } finally {
    h.disable();
  }
  return h.max / 1e6;
}

describe('the PDF check', () => {
  it('refuses a file with 12,000 signature entries at once, off the main thread', async () => {
    const crafted = manyByteRanges(12_000);
    await expect(checkPdf(crafted)).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: SUBMISSION_MESSAGES.pdfTooComplex,
    });
    expect(await loopHeldDuring(() => checkPdf(crafted))).toBeLessThan(100);
  });

  it(`reads a file with up to ${PDF_CHECK_LIMITS.signatures} entries, and refuses one that is no readable PDF`, async () => {
    // The crafted file is within the limits, so it is read, and it has no pages: not a PDF.
    await expect(checkPdf(manyByteRanges(PDF_CHECK_LIMITS.signatures, 1024))).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: SEAL_MESSAGES.unreadable,
    });
  });

  it('stops a check that runs past its time, and answers why', async () => {
    await expect(checkPdf(manyByteRanges(PDF_CHECK_LIMITS.signatures), 1)).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: SUBMISSION_MESSAGES.pdfTooSlow,
    });
    // The pool goes on: the next file is checked.
    const signed = await signPdf(
      await drawingPdf({ title: 'S-1', project: 'P', engineer: 'Jane Doe, PE' }),
      makeSealIdentity({ commonName: 'Jane Doe, PE' }),
      { name: 'Jane Doe, PE', location: 'Austin, TX' },
    );
    expect((await checkPdf(signed)).signature.status).toBe('intact');
    // The worker is told the engineer of record, and the trust store (none here: untrusted).
    const named = await checkPdf(signed, undefined, { engineerName: 'jane doe' });
    expect(named.signature.signatures[0].matches_engineer).toBe(true);
    expect(named.signature.seal).toBe('untrusted');
    const other = await checkPdf(signed, undefined, { engineerName: 'John Roe' });
    expect(other.signature.signatures[0].matches_engineer).toBe(false);
  });

  it('refuses a corrupt file with a %PDF header as not a readable PDF', async () => {
    const corrupt = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(4096, 0x41),
      Buffer.from('\n%%EOF\n'),
    ]);
    await expect(checkPdf(corrupt)).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      message: SEAL_MESSAGES.unreadable,
    });
  });
});

describe('submitting a crafted deliverable', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ rateLimitScale: 100 });
  });
  afterAll(() => app.dispose());

  it('is refused before any reading when a version already waits, and with a 422 otherwise', async () => {
    const deal = await paidDeal(app);
    const crafted = manyByteRanges(12_000);
    const link = await uploaded(app, 'deliverable', deal.engineer.auth, crafted);
    const submit = () =>
      app.inject({
        method: 'POST',
        url: '/api/submissions',
        headers: deal.engineer.auth,
        payload: {
          project_id: deal.projectId,
          engineer_id: deal.engineer.id,
          title: 'Crafted',
          description: 'x',
          attachments: link,
        },
      });
    const first = await submit();
    expect(first.statusCode).toBe(422);
    expect(first.json().message).toBe(SUBMISSION_MESSAGES.pdfTooComplex);

    await submitVersion(app, deal);
    let answer: Awaited<ReturnType<typeof submit>> | undefined;
    const held = await loopHeldDuring(async () => {
      answer = await submit();
    });
    expect(answer?.statusCode).toBe(409);
    expect(answer?.json().message).toBe(SUBMISSION_MESSAGES.pendingExists);
    expect(held).toBeLessThan(100);
  });
});
