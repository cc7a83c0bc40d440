import { describe, expect, it } from 'vitest';
import { createProposalBodySchema } from './proposals.schemas.ts';
import {
  checkApplyEligibility,
  type EligibilityFacts,
  engineerSetup,
  formatDeliveryDays,
  licenseCoversPlace,
  licensesFittingProject,
  PROPOSAL_MESSAGES,
} from './proposals.ts';

const today = new Date('2026-03-15T12:00:00Z');
const pe = (over: Partial<EligibilityFacts['licenses'][number]> = {}) => ({
  license_type: 'PE',
  verification_status: 'verified',
  expiration_date: '2027-01-01',
  issue_country: 'USA',
  issue_state: 'Texas',
  ...over,
});
const facts = (over: Partial<EligibilityFacts> = {}): EligibilityFacts => ({
  licenses: [pe()],
  payoutsEnabled: true,
  projectLicenseType: 'PE',
  projectPlace: { country: 'USA', state: 'Texas' },
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

  it('answers each product’s message, in the product’s order', () => {
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

  it('says a licence that would fit is waiting for review, instead of that none matches', () => {
    expect(message(facts({ licenses: [pe({ verification_status: 'pending' })] }))).toBe(
      'Your Texas PE licence is waiting for review.',
    );
    // Waiting beside a verified licence that does not reach the project's state.
    expect(
      message(
        facts({
          licenses: [pe({ issue_state: 'California' }), pe({ verification_status: 'pending' })],
        }),
      ),
    ).toBe('Your Texas PE licence is waiting for review.');
    // A waiting licence of another state or type changes nothing.
    expect(message(facts({ licenses: [pe({ verification_status: 'pending', issue_state: 'Ohio' })] }))).toBe(
      PROPOSAL_MESSAGES.noMatchingLicense,
    );
  });

  it('ignores rejected licences of the right type', () => {
    for (const status of ['rejected']) {
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
    delivery_days: 7,
  });
  it('takes whole cents from 0', () => {
    expect(createProposalBodySchema.parse(body(0)).proposed_amount).toBe(0);
    expect(createProposalBodySchema.parse(body(125050)).proposed_amount).toBe(125050);
  });
  it('refuses fractions, negatives, text and absence with the product’s message', () => {
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
  it('states the delivery time in whole days from 1 to 365', () => {
    expect(createProposalBodySchema.parse(body(100)).delivery_days).toBe(7);
    expect(createProposalBodySchema.parse({ ...body(100), delivery_days: 365 }).delivery_days).toBe(365);
    for (const bad of [0, -3, 2.5, 366, '7', null, undefined]) {
      const r = createProposalBodySchema.safeParse({ ...body(100), delivery_days: bad });
      expect(
        r.error?.issues.map((i) => i.message),
        String(bad),
      ).toEqual([PROPOSAL_MESSAGES.deliveryDays]);
    }
    expect(formatDeliveryDays(1)).toBe('1 day');
    expect(formatDeliveryDays(14)).toBe('14 days');
    expect(formatDeliveryDays(null)).toBe('Not stated');
  });
});

describe('jurisdiction (docs/PRODUCT.md: a seal is valid where the licence was issued)', () => {
  const california = { country: 'USA', state: 'California' };

  it('refuses a Texas licence for a California project, naming the state', () => {
    expect(message(facts({ projectPlace: california }))).toBe(
      'Your verified licences do not cover projects in California.',
    );
  });

  it('admits a licence of the project state among others', () => {
    const licenses = [pe(), pe({ issue_state: 'California' })];
    expect(message(facts({ licenses, projectPlace: california }))).toBe('ok');
  });

  it('names the country when the project names no state, and admits any state of it', () => {
    const australia = { country: 'Australia', state: null };
    expect(message(facts({ projectPlace: australia }))).toBe(
      'Your verified licences do not cover projects in Australia.',
    );
    const nsw = pe({ license_type: 'CPE', issue_country: 'Australia', issue_state: 'New South Wales' });
    expect(message(facts({ licenses: [nsw], projectLicenseType: 'CPE', projectPlace: australia }))).toBe(
      'ok',
    );
  });

  it('admits a licence from anywhere when the project names no place', () => {
    const anywhere = { country: null, state: null };
    expect(message(facts({ licenses: [pe({ issue_state: 'Oregon' })], projectPlace: anywhere }))).toBe('ok');
  });

  it('judges only licences that are verified, unexpired and of the type: those messages come first', () => {
    // A California licence that is pending or expired or of another type does not open California,
    // and the engineer hears why (waiting for review, or the product's message), not the jurisdiction one.
    const caPending = pe({ issue_state: 'California', verification_status: 'pending' });
    expect(message(facts({ licenses: [caPending], projectPlace: california }))).toBe(
      'Your California PE licence is waiting for review.',
    );
    const caExpired = pe({ issue_state: 'California', expiration_date: '2026-03-01' });
    expect(message(facts({ licenses: [caExpired], projectPlace: california }))).toBe(
      PROPOSAL_MESSAGES.licensesExpired,
    );
    // A valid Texas PE and an expired California PE: still not California.
    expect(message(facts({ licenses: [pe(), caExpired], projectPlace: california }))).toBe(
      'Your verified licences do not cover projects in California.',
    );
    const caCpe = pe({ issue_state: 'California', license_type: 'CPE' });
    expect(message(facts({ licenses: [pe(), caCpe], projectPlace: california }))).toBe(
      'Your verified licences do not cover projects in California.',
    );
  });

  it('comes before the payout account message', () => {
    expect(message(facts({ projectPlace: california, payoutsEnabled: false }))).toBe(
      'Your verified licences do not cover projects in California.',
    );
  });

  it('licenseCoversPlace compares country and state, and the country alone when no state is named', () => {
    expect(licenseCoversPlace(pe(), { country: 'USA', state: 'Texas' })).toBe(true);
    expect(licenseCoversPlace(pe(), { country: 'USA', state: null })).toBe(true);
    expect(licenseCoversPlace(pe(), { country: 'Australia', state: null })).toBe(false);
    expect(licenseCoversPlace(pe(), { country: null, state: null })).toBe(true);
  });

  it('licensesFittingProject keeps only valid licences of the type for the place', () => {
    const held = [
      pe(),
      pe({ issue_state: 'California' }),
      pe({ issue_state: 'California', license_type: 'SE' }),
      pe({ issue_state: 'California', verification_status: 'rejected' }),
    ];
    const fit = licensesFittingProject(held, { licenseType: 'PE', ...california }, today);
    expect(fit).toEqual([held[1]]);
    expect(licensesFittingProject(held, { licenseType: null, ...california }, today)).toEqual([
      held[1],
      held[2],
    ]);
  });
});

describe('engineerSetup', () => {
  const setup = (over: Partial<Parameters<typeof engineerSetup>[0]> = {}) =>
    engineerSetup({ hasProfile: false, licenses: [], payoutsEnabled: false, today, ...over });

  it('lists the four steps, none done for a new engineer', () => {
    expect(setup().map((s) => [s.step, s.done])).toEqual([
      ['profile', false],
      ['license', false],
      ['verification', false],
      ['payout', false],
    ]);
  });

  it('tells a licence waiting for review by its state and type', () => {
    const steps = setup({ hasProfile: true, licenses: [pe({ verification_status: 'pending' })] });
    expect(steps.map((s) => s.done)).toEqual([true, true, false, false]);
    expect(steps[2].detail).toBe('Your Texas PE licence is waiting for review.');
  });

  it('is done with a profile, a verified current licence and payouts enabled', () => {
    expect(setup({ hasProfile: true, licenses: [pe()], payoutsEnabled: true }).every((s) => s.done)).toBe(
      true,
    );
    expect(
      setup({ hasProfile: true, licenses: [pe({ expiration_date: '2020-01-01' })], payoutsEnabled: true })[2]
        .done,
    ).toBe(false);
  });
});
