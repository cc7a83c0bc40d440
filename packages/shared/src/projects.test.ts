import { describe, expect, it } from 'vitest';
import {
  createProjectBodySchema,
  projectListQuerySchema,
  updateProjectBodySchema,
} from './projects.schemas.ts';
import {
  deadlineProblem,
  earliestToday,
  isValidDeadline,
  missingProjectFields,
  PROJECT_MESSAGES,
} from './projects.ts';

describe('createProjectBodySchema', () => {
  // A complete project as the form sends it (docs/PRODUCT.md#projects).
  const full = {
    title: ' Deck ',
    description: 'Stamp my deck',
    specializations: ['structural'],
    license_type: 'PE',
    budget: 150000,
    country: 'USA',
    state: 'Texas',
  };
  it('enforces title and description, and the fields the form marks required', () => {
    const ok = createProjectBodySchema.parse(full);
    expect(ok).toMatchObject({
      title: 'Deck',
      specializations: ['structural'],
      budget: 150000,
      urgency_level: null,
    });
    const r = createProjectBodySchema.safeParse({ title: '', description: '' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'Title is required.'],
      ['description', 'Description is required.'],
      ['specializations', PROJECT_MESSAGES.specializationRequired],
      ['license_type', PROJECT_MESSAGES.licenseTypeRequired],
      ['budget', PROJECT_MESSAGES.budgetRequired],
      ['country', PROJECT_MESSAGES.countryRequired],
    ]);
  });
  it('refuses a project with only a title and a description, and a budget of 0', () => {
    const bare = createProjectBodySchema.safeParse({ title: 'Deck', description: 'Stamp my deck' });
    expect(bare.success).toBe(false);
    const free = createProjectBodySchema.safeParse({ ...full, budget: 0 });
    expect(free.error?.issues.map((i) => i.message)).toEqual([PROJECT_MESSAGES.budgetRequired]);
    const noState = createProjectBodySchema.safeParse({ ...full, state: '' });
    expect(noState.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['state', PROJECT_MESSAGES.stateRequired],
    ]);
    expect(missingProjectFields({ ...full, country: 'Australia', state: 'Victoria' })).toEqual([]);
  });
  it('checks the state against the country', () => {
    expect(createProjectBodySchema.safeParse({ ...full, country: 'USA', state: 'Texas' }).success).toBe(true);
    expect(
      createProjectBodySchema.safeParse({ ...full, country: 'Australia', state: 'Victoria' }).success,
    ).toBe(true);
    const wrong = createProjectBodySchema.safeParse({ ...full, country: 'USA', state: 'Victoria' });
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['state'],
      message: 'Please choose a state of the selected country.',
    });
    expect(createProjectBodySchema.safeParse({ ...full, country: '', state: 'Texas' }).success).toBe(false);
  });
  it('takes the budget as whole cents above 0', () => {
    expect(createProjectBodySchema.parse({ ...full, budget: 1 }).budget).toBe(1);
    for (const bad of [0, -1, 10.5, '100', Number.NaN]) {
      expect(createProjectBodySchema.safeParse({ ...full, budget: bad }).success).toBe(false);
    }
  });
  it('takes only real calendar days as deadline', () => {
    expect(isValidDeadline('2026-02-28')).toBe(true);
    expect(isValidDeadline('2026-02-30')).toBe(false);
    expect(isValidDeadline('tomorrow')).toBe(false);
    expect(
      createProjectBodySchema.safeParse({ title: 't', description: 'd', deadline: '2026-13-01' }).success,
    ).toBe(false);
  });
  it('lets an update leave fields out but not blank the title or a required field', () => {
    expect(updateProjectBodySchema.parse({ budget: 500 })).toEqual({ budget: 500 });
    expect(updateProjectBodySchema.safeParse({ title: ' ' }).success).toBe(false);
    for (const [field, value, message] of [
      ['budget', null, PROJECT_MESSAGES.budgetRequired],
      ['budget', 0, PROJECT_MESSAGES.budgetRequired],
      ['license_type', '', PROJECT_MESSAGES.licenseTypeRequired],
      ['specializations', [], PROJECT_MESSAGES.specializationRequired],
      ['country', null, PROJECT_MESSAGES.countryRequired],
    ] as const) {
      const r = updateProjectBodySchema.safeParse({ [field]: value });
      expect(r.error?.issues[0], field).toMatchObject({ path: [field], message });
    }
    // Optional fields still clear.
    expect(updateProjectBodySchema.parse({ urgency_level: '', deadline: null })).toEqual({
      urgency_level: null,
      deadline: null,
    });
  });
});

describe('projectListQuerySchema', () => {
  it('defaults to open projects, newest first, page 1', () => {
    expect(projectListQuerySchema.parse({})).toMatchObject({ status: 'open', sort: 'newest', page: 1 });
  });
  it('refuses junk filters', () => {
    for (const q of [
      { page: '0' },
      { page: '-1' },
      { min_budget: '1.5' },
      { sort: 'random' },
      { status: 'x' },
    ]) {
      expect(projectListQuerySchema.safeParse(q).success).toBe(false);
    }
  });
});

describe('deadlines', () => {
  it('refuses a day before the caller’s today, accepts today and later', () => {
    expect(deadlineProblem('2026-11-22', '2026-11-23')).toBe(PROJECT_MESSAGES.deadlinePast);
    expect(deadlineProblem('2026-11-23', '2026-11-23')).toBeNull();
    expect(deadlineProblem('', '2026-11-23')).toBeNull();
    expect(deadlineProblem('2026-02-30', '2026-01-01')).toBe(PROJECT_MESSAGES.invalidDeadline);
  });
  it('lets the server accept any day that is still today somewhere (UTC−12)', () => {
    expect(earliestToday(new Date('2026-11-23T06:00:00Z'))).toBe('2026-11-22');
    expect(earliestToday(new Date('2026-11-23T13:00:00Z'))).toBe('2026-11-23');
  });
});
