// The explore list's page size and sorts. No zod here: /explore, a page of a visitor's
// first visit, takes these without the schemas of projects.ts (docs/PERFORMANCE.md).

/** Explore page size (docs/PRODUCT.md#limits). */
export const PROJECT_PAGE_SIZE = 20;

export const PROJECT_SORTS = ['newest', 'budget_asc', 'budget_desc'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
