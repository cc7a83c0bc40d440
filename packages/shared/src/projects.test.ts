import { describe, expect, it } from 'vitest';
import {
  createProjectBodySchema,
  projectListQuerySchema,
  updateProjectBodySchema,
} from './projects.schemas.ts';
import { deadlineProblem, earliestToday, isValidDeadline, PROJECT_MESSAGES } from './projects.ts';

describe('createProjectBodySchema', () => {
  it('enforces title and description only', () => {
    const ok = createProjectBodySchema.parse({ title: ' Deck ', description: 'Stamp my deck' });
    expect(ok).toMatchObject({
      title: 'Deck',
      specializations: [],
      budget: null,
      state: null,
      urgency_level: null,
    });
    const r = createProjectBodySchema.safeParse({ title: '', description: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Title is required.', 'Description is required.']);
  });
  it('checks the state against the country', () => {
    const base = { title: 't', description: 'd' };
    expect(createProjectBodySchema.safeParse({ ...base, country: 'USA', state: 'Texas' }).success).toBe(true);
    expect(
      createProjectBodySchema.safeParse({ ...base, country: 'Australia', state: 'Victoria' }).success,
    ).toBe(true);
    const wrong = createProjectBodySchema.safeParse({ ...base, country: 'USA', state: 'Victoria' });
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['state'],
      message: 'Please choose a state of the selected country.',
    });
    expect(createProjectBodySchema.safeParse({ ...base, state: 'Texas' }).success).toBe(false);
  });
  it('takes the budget as whole cents from 0', () => {
    const base = { title: 't', description: 'd' };
    expect(createProjectBodySchema.parse({ ...base, budget: 0 }).budget).toBe(0);
    for (const bad of [-1, 10.5, '100', Number.NaN]) {
      expect(createProjectBodySchema.safeParse({ ...base, budget: bad }).success).toBe(false);
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
  it('lets an update leave fields out but not blank the title', () => {
    expect(updateProjectBodySchema.parse({ budget: 500 })).toEqual({ budget: 500 });
    expect(updateProjectBodySchema.safeParse({ title: ' ' }).success).toBe(false);
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
