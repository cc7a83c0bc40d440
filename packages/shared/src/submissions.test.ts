import { describe, expect, it } from 'vitest';
import { payoutDueDate } from './payouts.ts';
import { averageRating, createRatingBodySchema, RATING_MESSAGES } from './ratings.ts';
import {
  createSubmissionBodySchema,
  decideSubmissionBodySchema,
  type PdfSignatureDetail,
  pdfSignatureStatus,
  SUBMISSION_MESSAGES,
  signatureLine,
  submissionState,
} from './submissions.ts';

const good: PdfSignatureDetail = {
  signer_name: 'Jane Doe, PE',
  subject: 'CN=Jane Doe, PE',
  issuer: 'CN=Authority',
  signed_at: null,
  covers_whole_file: true,
  digest_matches: true,
  signature_valid: true,
};

describe('signature status and line', () => {
  it('is intact only when every signature holds and the last covers the file', () => {
    expect(pdfSignatureStatus([])).toBe('unsigned');
    expect(pdfSignatureStatus([good])).toBe('intact');
    // An earlier signature never covers the whole file; the last one must.
    expect(pdfSignatureStatus([{ ...good, covers_whole_file: false }, good])).toBe('intact');
    expect(pdfSignatureStatus([good, { ...good, covers_whole_file: false }])).toBe('changed');
    expect(pdfSignatureStatus([{ ...good, digest_matches: false }, good])).toBe('changed');
    expect(pdfSignatureStatus([{ ...good, signature_valid: false }])).toBe('changed');
  });

  it('says it in the product’s words', () => {
    expect(signatureLine({ status: 'intact', signatures: [good] })).toBe(
      'Digitally signed by Jane Doe, PE — intact since signing',
    );
    expect(signatureLine({ status: 'changed', signatures: [good] })).toBe('Changed after signing');
    expect(signatureLine({ status: 'unsigned', signatures: [] })).toBe('Not digitally signed');
  });
});

describe('submission rules', () => {
  it('names the state of client_acceptance', () => {
    expect(submissionState(null)).toBe('pending');
    expect(submissionState(true)).toBe('accepted');
    expect(submissionState(false)).toBe('rejected');
  });

  it('requires title, description and a deliverable link', () => {
    const base = {
      project_id: '00000000-0000-4000-8000-000000000001',
      engineer_id: '00000000-0000-4000-8000-000000000002',
      title: 'Set',
      description: 'Plans',
      attachments: '/files/abcdefgh12.pdf',
    };
    expect(createSubmissionBodySchema.safeParse(base).success).toBe(true);
    const message = (over: object) =>
      createSubmissionBodySchema.safeParse({ ...base, ...over }).error?.issues[0].message;
    expect(message({ title: ' ' })).toBe(SUBMISSION_MESSAGES.titleRequired);
    expect(message({ description: '' })).toBe(SUBMISSION_MESSAGES.descriptionRequired);
    expect(message({ attachments: '' })).toBe(SUBMISSION_MESSAGES.fileRequired);
    expect(message({ attachments: 'https://elsewhere.example/x.pdf' })).toBe(SUBMISSION_MESSAGES.invalidFile);
  });

  it('keeps a rejection comment and drops an empty one', () => {
    expect(
      decideSubmissionBodySchema.parse({ client_acceptance: false, comment: '  Fix A-2  ' }).comment,
    ).toBe('Fix A-2');
    expect(decideSubmissionBodySchema.parse({ client_acceptance: true, comment: '' }).comment).toBeNull();
    expect(decideSubmissionBodySchema.safeParse({ client_acceptance: 'yes' }).success).toBe(false);
  });
});

describe('payout due date: the Sunday of the following Monday-to-Sunday week (UTC)', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-12-06'], // Monday
    ['2026-11-25T12:00:00Z', '2026-12-06'], // Wednesday
    ['2026-11-28T23:59:59Z', '2026-12-06'], // Saturday
    ['2026-11-29T10:00:00Z', '2026-12-06'], // Sunday, the last day of its week
    ['2026-11-30T00:00:00Z', '2026-12-13'], // Monday of the next week
    ['2026-12-30T08:00:00Z', '2027-01-10'], // across the year
    ['2028-02-24T08:00:00Z', '2028-03-05'], // across a leap day
  ])('accepted %s -> %s', (at, due) => {
    expect(payoutDueDate(new Date(at))).toBe(due);
    expect(new Date(`${due}T00:00:00Z`).getUTCDay()).toBe(0);
  });
});

describe('ratings', () => {
  it('averages to two decimals', () => {
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(13, 3)).toBe(4.33);
    expect(averageRating(14, 3)).toBe(4.67);
  });

  it('takes whole stars from 1 to 5 with the product’s message', () => {
    const base = {
      sender_id: '00000000-0000-4000-8000-000000000001',
      receiver_id: '00000000-0000-4000-8000-000000000002',
      project_id: '00000000-0000-4000-8000-000000000003',
    };
    for (const rate of [1, 5]) expect(createRatingBodySchema.safeParse({ ...base, rate }).success).toBe(true);
    for (const rate of [0, 6, 2.5, Number.NaN, '4'])
      expect(createRatingBodySchema.safeParse({ ...base, rate }).error?.issues[0].message).toBe(
        RATING_MESSAGES.outOfRange,
      );
    expect(
      createRatingBodySchema.safeParse({ ...base, rate: 3, project_id: '' }).error?.issues[0].message,
    ).toBe(RATING_MESSAGES.selectProject);
  });
});
