// Stored files (docs/PRODUCT.md#protected-data): links are
// site-relative, so a picture shows whatever host name the site is opened under; a
// private file is not readable through its link without the right session.
import { expect, test } from '@playwright/test';
import { APP_PORT } from '../support/ports.ts';
import { signInViaApi, signUpViaApi } from '../support/session.ts';

// A real 8x8 PNG: the browser must be able to decode it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGNk+M+AFTBhFx60BAA3pQEPEdPaSQAAAABJRU5ErkJggg==',
  'base64',
);

test('a profile picture shows under another host name than PUBLIC_URL’s', async ({ page, request }) => {
  const uploaded = await request.post('/api/files?kind=avatar', {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const link = (await uploaded.json()).secure_url as string;
  expect(link).toMatch(/^\/files\/[\w-]+\.png$/);
  const account = await signUpViaApi(request, { profilePicture: link });
  const session = await signInViaApi(page, request, account.email, account.password);
  expect(session.user.profile_picture).toBe(link);

  // The stack's PUBLIC_URL is http://127.0.0.1:PORT; open the site as localhost instead.
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto(`http://localhost:${APP_PORT}/#/`);
  const menu = page.getByRole('button', { name: /^Account menu for / });
  await expect(menu).toBeVisible();
  const avatar = menu.locator('img');
  await expect(avatar).toHaveAttribute('src', link);
  await expect
    .poll(() => avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(8);
  expect(blocked).toEqual([]);
});
