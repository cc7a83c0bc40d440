// Support journeys: a visitor e-mails support through the contact form (the mail reaches
// the test stack's real SMTP server); a user opens a ticket, staff take it, answer and
// move its status, the user is notified live in the header bell, answers, and finally
// deletes a ticket.
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForMail } from '../support/mailbox.ts';
import { signInViaApi, signUpViaApi, uniqueEmail } from '../support/session.ts';
import { STAFF } from '../support/staff.ts';

const SUPPORT_ADDRESS = 'support@stampworks.test';
const tag = () => randomBytes(3).toString('hex');

test('a visitor e-mails support from the contact page', async ({ page }) => {
  const visitor = uniqueEmail('visitor');
  const subject = `Stamped plans for a deck ${tag()}`;

  await page.goto('/#/contact');
  await expect(page).toHaveTitle(/Contact Us/);
  await expect(page.getByRole('link', { name: SUPPORT_ADDRESS })).toHaveAttribute(
    'href',
    `mailto:${SUPPORT_ADDRESS}`,
  );

  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields for the email.');

  await page.getByLabel('Full Name').fill('Vera Visitor');
  await page.getByLabel('Email', { exact: true }).fill(visitor);
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Message', { exact: true })
    .fill('Can an engineer in Texas stamp my deck plans this month?');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');

  const toSupport = await waitForMail(SUPPORT_ADDRESS, { subject });
  expect(toSupport.replyTo).toContain(visitor);
  expect(toSupport.text).toContain('Can an engineer in Texas stamp my deck plans this month?');
  expect(toSupport.text).toContain('Vera Visitor');
  const confirmation = await waitForMail(visitor, { subject: 'We received your message' });
  // A fixed text: nothing the visitor typed goes back to the address they typed.
  expect(confirmation.text).not.toContain(subject);
  expect(confirmation.text).toContain('We received your message');
});

async function adminDesk(browser: Browser, request: Parameters<typeof signInViaApi>[1]) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const session = await signInViaApi(page, request, STAFF.email, STAFF.password);
  await page.goto(`/#/admin_dashboard/${session.user.id}`);
  await expect(page.getByRole('heading', { name: 'Support Tickets' })).toBeVisible();
  return { page, session, close: () => context.close() };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a user opens a ticket, staff take it, answer and close it; the user is told live, answers and deletes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await signUpViaApi(request, { role: 'client', fullName: 'Tessa Ticket' });
  await signInViaApi(page, request, account.email, account.password, '/contact');
  const subject = `Payout missing ${tag()}`;

  // Create New Ticket
  await expect(page.getByRole('tab', { name: 'Create New Ticket' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(page.getByText('Please enter a subject.')).toBeVisible();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Priority').selectOption('urgent');
  await page.getByLabel('Message', { exact: true }).fill('The payout for my last project never arrived.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Submit Ticket' }).click();
  const created = page.getByRole('status').filter({ hasText: /Ticket TCK-\d{6} created\./ });
  await expect(created).toBeVisible();
  const ticketNumber = /TCK-\d{6}/.exec((await created.textContent()) ?? '')![0];

  // My Existing Tickets opens with the new ticket.
  await expect(page.getByRole('tab', { name: 'My Existing Tickets' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const mine = page
    .getByRole('list', { name: 'My tickets' })
    .getByRole('listitem')
    .filter({ hasText: subject });
  await expect(mine).toContainText(ticketNumber);
  await expect(mine).toContainText('Open');
  await expect(mine).toContainText('Urgent');
  await expect(mine).toContainText('Not Assigned');

  // Staff find it on the desk, take it, answer and move it to pending.
  const admin = await adminDesk(browser, request);
  const desk = admin.page;
  await desk.getByLabel('Search tickets').fill(ticketNumber);
  const row = desk.getByRole('row').filter({ hasText: ticketNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Not Assigned');
  await expect(row).toContainText('Tessa Ticket');
  await expectNoSeriousA11yViolations(desk);
  await row.getByRole('button', { name: `Assign ticket ${ticketNumber} to me` }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Ticket assigned successfully!' })).toBeVisible();
  await expect(row).toContainText(STAFF.name);

  await row.getByRole('button', { name: `View ticket ${ticketNumber}` }).click();
  const staffDialog = desk.getByRole('dialog', { name: subject });
  await expect(staffDialog).toContainText('The payout for my last project never arrived.');
  await staffDialog.getByRole('button', { name: 'Send Reply' }).click();
  await expect(staffDialog.getByText('Reply message cannot be empty.')).toBeVisible();
  await staffDialog.getByLabel('Your reply').fill('We are checking with the payment provider now.');
  await staffDialog.getByRole('button', { name: 'Send Reply' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Reply sent successfully!' })).toBeVisible();
  await expect(staffDialog.getByRole('log')).toContainText('We are checking with the payment provider now.');
  await staffDialog.getByLabel(`Status of ticket ${ticketNumber}`).selectOption('pending');
  await expect(
    desk.getByRole('status').filter({ hasText: 'Ticket status updated successfully!' }),
  ).toBeVisible();

  // The user is told live, in the header bell, without reloading.
  await expect(bell(page)).toHaveAccessibleName(/Notifications, \d+ unread/);
  await bell(page).click();
  await expect(page.getByText(`Support replied to your ticket ${ticketNumber}: ${subject}`)).toBeVisible();
  await expect(page.getByText(`Your ticket ${ticketNumber} is now pending: ${subject}`)).toBeVisible();
  await page.getByText(`Support replied to your ticket ${ticketNumber}: ${subject}`).click();
  await expect(page).toHaveURL(/#\/contact$/);
  // ...and by e-mail.
  const replyMail = await waitForMail(account.email, { subject: `New reply on ticket ${ticketNumber}` });
  expect(replyMail.text).toContain('We are checking with the payment provider now.');

  // The user reads the conversation and answers.
  await page.getByRole('tab', { name: 'My Existing Tickets' }).click();
  await expect(mine).toContainText('Pending');
  await expect(mine).toContainText(STAFF.name);
  await mine.getByRole('button', { name: `View ticket ${ticketNumber}` }).click();
  const userDialog = page.getByRole('dialog', { name: subject });
  await expect(userDialog.getByRole('log')).toContainText('We are checking with the payment provider now.');
  await expectNoSeriousA11yViolations(page);
  await userDialog.getByLabel('Your reply').fill('Thank you, I will wait.');
  await userDialog.getByRole('button', { name: 'Send Reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reply sent successfully!' })).toBeVisible();
  await expect(userDialog.getByRole('log')).toContainText('Thank you, I will wait.');

  // Staff see the answer arrive in the open conversation, and in their bell.
  await expect(staffDialog.getByRole('log')).toContainText('Thank you, I will wait.');
  await desk.keyboard.press('Escape');
  await expect(staffDialog).toBeHidden();
  await expect(bell(desk)).toHaveAccessibleName(/Notifications, \d+ unread/);
  await bell(desk).click();
  await expect(desk.getByText(`Tessa Ticket replied to ticket ${ticketNumber}: ${subject}`)).toBeVisible();
  await admin.close();

  // The user deletes the ticket after confirming.
  await userDialog.getByRole('button', { name: 'Close dialog' }).click();
  await mine.getByRole('button', { name: `Delete ticket ${ticketNumber}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this ticket?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: `Delete ticket ${ticketNumber}` }).click();
  await confirm.getByRole('button', { name: 'Delete Ticket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ticket deleted successfully!' })).toBeVisible();
  await expect(page.getByText('No tickets found.')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'My Existing Tickets' }).click();
  await expect(page.getByText('No tickets found.')).toBeVisible();
});

test('the staff desk filters demo tickets by status and priority @responsive', async ({ page, request }) => {
  const session = await signInViaApi(page, request, STAFF.email, STAFF.password);
  await page.goto(`/#/admin_dashboard/${session.user.id}`);
  await expect(page.getByRole('heading', { name: 'Support Tickets' })).toBeVisible();
  await page.getByLabel('Filter by priority').selectOption('urgent');
  await page.getByLabel('Filter by status').selectOption('closed');
  await expect(page.getByText('No tickets found.')).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('pending');
  await expect(page.getByText('Client unresponsive after submission').filter({ visible: true })).toHaveCount(
    1,
  );
  await expect(page.getByText('Licence verification taking long')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
