import { expect, test } from '@playwright/test';

test('the app and its API answer on one origin', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'StampWorks' }).first()).toBeVisible();
});
