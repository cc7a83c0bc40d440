// Layout checks shared by the journeys.
import { expect, type Page } from '@playwright/test';

/** Nothing sticks out sideways: the page is no wider than the screen. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  // Runs in the page; the e2e project compiles without the DOM library.
  const scrollWidth = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
  expect(scrollWidth).toBeLessThanOrEqual(width);
}
