import { describe, expect, it } from 'vitest';
import {
  checkApplyEligibility,
  createProposalBodySchema,
  type EligibilityFacts,
  PROPOSAL_MESSAGES,
} from './proposals.ts';

const today = new Date('2026-03-15T12:00:00Z');
const pe = (over: Partial<EligibilityFacts['licenses'][number]> = {}) => ({
  license_type: 'PE',
  verification_status: 'verified',
  expiration_date: '2027-01-01',
  ...over,
});
const facts = (over: Partial<EligibilityFacts> = {}): EligibilityFacts => ({
  licenses: [pe()],
  payoutsEnabled: true,
  projectLicenseType: 'PE',
  alreadyApplied: false,
  isOwner: false,
  today,
  ...over,
});
const message = (f: EligibilityFacts) => {
  const r = checkApplyEligibility(f);
  return r.ok ? 'ok' : r.message;
};

describe('checkApplyEligibility', () => {
  it('admits a verified, unexpired licence of the project type with payouts enabled', () => {
    expect(checkApplyEligibility(facts())).toEqual({ ok: true });
  });

  it('answers each spec message, in the spec order', () => {
    // Everything wrong at once: the owner message wins, then each in turn.
    const worst = facts({ isOwner: true, alreadyApplied: true, licenses: [], payoutsEnabled: false });
    expect(message(worst)).toBe('This is Your Project');
    expect(message({ ...worst, isOwner: false })).toBe('Already Applied');
    expect(message({ ...worst, isOwner: false, alreadyApplied: false })).toBe(
      'You have no licenses on file.',
    );
    expect(message(facts({ licenses: [pe({ expiration_date: '2026-03-14' })], payoutsEnabled: false }))).toBe(
      'Your license(s) are expired.',
    );
    expect(message(facts({ licenses: [pe({ license_type: 'CPE' })], payoutsEnabled: false }))).toBe(
      'You do not have a verified license matching the required type.',
    );
    expect(message(facts({ payoutsEnabled: false }))).toBe(
      'You must set up your Stripe account before you can submit a proposal.',
    );
  });

  it('counts a licence valid through its expiration day and without an expiry date', () => {
    expect(message(facts({ licenses: [pe({ expiration_date: '2026-03-15' })] }))).toBe('ok');
    expect(message(facts({ licenses: [pe({ expiration_date: null })] }))).toBe('ok');
    expect(message(facts({ licenses: [pe({ expiration_date: '2026-03-14' })] }))).toBe(
      PROPOSAL_MESSAGES.licensesExpired,
    );
  });

  it('needs every matching verified licence expired before saying expired', () => {
    const licenses = [pe({ expiration_date: '2020-01-01' }), pe({ expiration_date: '2030-01-01' })];
    expect(message(facts({ licenses }))).toBe('ok');
  });

  it('ignores pending and rejected licences of the right type', () => {
    for (const status of ['pending', 'rejected']) {
      expect(message(facts({ licenses: [pe({ verification_status: status })] }))).toBe(
        PROPOSAL_MESSAGES.noMatchingLicense,
      );
      // A pending one that is also expired is still "no verified licence", not "expired".
      expect(
        message(facts({ licenses: [pe({ verification_status: status, expiration_date: '2000-01-01' })] })),
      ).toBe(PROPOSAL_MESSAGES.noMatchingLicense);
    }
  });

  it('expired licences of another type do not make the answer "expired"', () => {
    expect(message(facts({ licenses: [pe({ license_type: 'SE', expiration_date: '2000-01-01' })] }))).toBe(
      PROPOSAL_MESSAGES.noMatchingLicense,
    );
  });

  it('accepts any valid verified licence when the project names no type', () => {
    expect(message(facts({ projectLicenseType: null, licenses: [pe({ license_type: 'EE' })] }))).toBe('ok');
    expect(
      message(
        facts({
          projectLicenseType: null,
          licenses: [pe({ license_type: 'EE', expiration_date: '2001-01-01' })],
        }),
      ),
    ).toBe(PROPOSAL_MESSAGES.licensesExpired);
  });
});

describe('proposal amounts', () => {
  const body = (proposed_amount: unknown) => ({
    project_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    description: 'I can do it',
    license_type: 'PE',
    proposed_amount,
  });
  it('takes whole cents from 0', () => {
    expect(createProposalBodySchema.parse(body(0)).proposed_amount).toBe(0);
    expect(createProposalBodySchema.parse(body(125050)).proposed_amount).toBe(125050);
  });
  it('refuses fractions, negatives, text and absence with the spec message', () => {
    for (const bad of [12.5, -1, '100', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 1e12]) {
      const r = createProposalBodySchema.safeParse(body(bad));
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('Valid amount is required.');
    }
  });
  it('names the missing description and licence type', () => {
    const r = createProposalBodySchema.safeParse({ ...body(1), description: '  ', license_type: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Description is required.',
      'License type is required.',
    ]);
  });
});
