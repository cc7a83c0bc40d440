import { expect, test } from '@playwright/test';

test('the app and its API answer on one origin', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('link', { name: /StampWorks/ }).first()).toBeVisible();
});

test('the pages run under the strict Content Security Policy without violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  for (const path of [
    '/',
    '/#/sign-in',
    '/#/sign-up',
    '/#/explore',
    '/#/find_an_engineer',
    '/#/contact',
    '/#/qa',
    '/api/docs',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});
