// Test fixtures for deliverables: a version submitted through the API, and a completed
// deal (paid, submitted, accepted) for the features that start there (ratings, payouts).
import type { SubmissionDto } from '@app/shared';
import { expect } from 'vitest';
import { drawingPdf } from '../../seed/stamped-pdf.ts';
import type { TestApp } from '../../test/harness.ts';
import { uploaded } from '../files/test-helpers.ts';
import { paidDeal } from '../payments/test-fixtures.ts';

export type PaidDeal = Awaited<ReturnType<typeof paidDeal>>;

let plainPdf: Buffer | undefined;

/** The hired engineer submits a version with `pdf` (an unsigned drawing by default). */
export async function submitVersion(app: TestApp, deal: PaidDeal, pdf?: Buffer): Promise<SubmissionDto> {
  plainPdf ??= await drawingPdf({ title: 'S-101', project: 'Test', engineer: 'Test Engineer' });
  const attachments = await uploaded(app, 'deliverable', deal.engineer.auth, pdf ?? plainPdf);
  const res = await app.inject({
    method: 'POST',
    url: '/api/submissions',
    headers: deal.engineer.auth,
    payload: {
      project_id: deal.projectId,
      engineer_id: deal.engineer.id,
      title: 'Permit set v1',
      description: 'Sealed foundation and framing plans.',
      attachments,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SubmissionDto;
}

/** A paid deal whose first version the client accepted: the project is completed. */
export async function completedDeal(app: TestApp, amounts?: number[]) {
  const deal = await paidDeal(app, amounts);
  const submission = await submitVersion(app, deal);
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/submissions/${submission.id}/approve`,
    headers: deal.client.auth,
    payload: { client_acceptance: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...deal, submission };
}
