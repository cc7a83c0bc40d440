import { describe, expect, it } from 'vitest';
import { pageMeta } from './usePageMeta';

describe('pageMeta', () => {
  it("gives a page without a description the site's, not the last page's", () => {
    expect(pageMeta('Page not found', undefined, 'Stamped drawings, fast.')).toEqual({
      title: 'Page not found | StampWorks',
      description: 'Stamped drawings, fast.',
    });
    expect(pageMeta('About', 'Who we are.', 'Stamped drawings, fast.').description).toBe('Who we are.');
    expect(pageMeta('', undefined, 'x').title).toBe('StampWorks');
  });
});
