import { describe, expect, it } from 'vitest';
import {
  type AlertProject,
  licenceAllowsAlert,
  projectMatchesFilters,
  savedSearchFiltersSchema,
  savedSearchQueryString,
  sharesSpecialization,
} from './alerts.ts';

const project: AlertProject = {
  licenseType: 'PE',
  specializations: ['structural', 'civil'],
  budget: 250_000,
  urgencyLevel: 'high',
  country: 'USA',
  state: 'Texas',
};
const today = new Date('2026-11-27T12:00:00Z');
const licence = {
  license_type: 'PE',
  verification_status: 'verified',
  expiration_date: '2027-01-01',
  issue_country: 'USA',
  issue_state: 'Texas',
};

describe('licenceAllowsAlert (the apply rule)', () => {
  it('needs a verified, current licence of the type, issued for the place', () => {
    expect(licenceAllowsAlert([licence], project, today)).toBe(true);
    expect(licenceAllowsAlert([{ ...licence, issue_state: 'Ohio' }], project, today)).toBe(false);
    expect(licenceAllowsAlert([{ ...licence, license_type: 'SE' }], project, today)).toBe(false);
    expect(licenceAllowsAlert([{ ...licence, verification_status: 'pending' }], project, today)).toBe(false);
    expect(licenceAllowsAlert([{ ...licence, expiration_date: '2026-11-26' }], project, today)).toBe(false);
    // Valid through its last day.
    expect(licenceAllowsAlert([{ ...licence, expiration_date: '2026-11-27' }], project, today)).toBe(true);
    expect(licenceAllowsAlert([], project, today)).toBe(false);
  });
});

describe('sharesSpecialization', () => {
  it('needs one specialization in common; a project naming none is in every field', () => {
    expect(sharesSpecialization(['civil'], ['structural', 'civil'])).toBe(true);
    expect(sharesSpecialization(['electrical'], ['structural'])).toBe(false);
    expect(sharesSpecialization([], ['structural'])).toBe(false);
    expect(sharesSpecialization(['electrical'], [])).toBe(true);
  });
});

describe('projectMatchesFilters', () => {
  const f = (q: Record<string, string>) => savedSearchFiltersSchema.parse(q);
  it('applies each filter that is set', () => {
    expect(projectMatchesFilters(f({}), project, false)).toBe(true);
    expect(projectMatchesFilters(f({ specialization: 'civil', state: 'Texas' }), project, false)).toBe(true);
    expect(projectMatchesFilters(f({ specialization: 'fire' }), project, false)).toBe(false);
    expect(projectMatchesFilters(f({ license_type: 'SE' }), project, false)).toBe(false);
    expect(projectMatchesFilters(f({ urgency: 'low' }), project, false)).toBe(false);
    expect(projectMatchesFilters(f({ min_budget: '300000' }), project, false)).toBe(false);
    expect(projectMatchesFilters(f({ max_budget: '300000' }), project, false)).toBe(true);
    expect(projectMatchesFilters(f({ min_budget: '1' }), { ...project, budget: null }, false)).toBe(false);
  });
  it('leaves the words to the database', () => {
    expect(projectMatchesFilters(f({ q: 'wall' }), project, false)).toBe(false);
    expect(projectMatchesFilters(f({ q: 'wall' }), project, true)).toBe(true);
  });
  it('writes Explore’s address back', () => {
    expect(savedSearchQueryString(f({ state: 'Texas', min_budget: '100' }))).toBe(
      'state=Texas&min_budget=100',
    );
  });
});
