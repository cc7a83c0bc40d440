import { describe, expect, it } from 'vitest';
import { publicApiUrl } from './usePublicQuery';

describe('publicApiUrl', () => {
  it('puts the path under /api and leaves undefined values out, as RTK Query does', () => {
    expect(publicApiUrl('/projects')).toBe('/api/projects');
    expect(publicApiUrl('/projects', { q: undefined, page: undefined })).toBe('/api/projects');
    expect(publicApiUrl('/projects', { q: 'retaining wall', min_budget: 0, status: 'open' })).toBe(
      '/api/projects?q=retaining+wall&min_budget=0&status=open',
    );
  });
});
