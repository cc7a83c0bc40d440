// Demo job alerts (docs/ALERTS.md), in every state a user meets: Ethan (engineer@) mails
// instantly and keeps two saved searches (one muted, as after unsubscribing); Priya is on the
// daily digest with alerts still owed to it; James chose no mail. Their alert notifications are
// worked out with the real rule from the seeded licences and open projects.
import {
  type AlertMailMode,
  alertMessage,
  type EligibilityLicense,
  licenceAllowsAlert,
  projectMatchesFilters,
  type SavedSearchFilters,
  sharesSpecialization,
} from '@app/shared';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  alertSettings,
  engineerAccounts,
  licenses,
  notifications,
  projectAlerts,
  projects,
  savedSearches,
} from '../db/schema/index.ts';
import type { SeededUsers } from './users.ts';

const CHOICES: Array<{ key: string; mode: AlertMailMode }> = [
  { key: 'engineer', mode: 'instant' },
  { key: 'eng2', mode: 'daily' },
  { key: 'eng3', mode: 'never' },
];

/** Alerts shown per demo engineer: the newest open projects they could take. */
const ALERTS_EACH = 4;

export async function seedAlerts(tx: DbOrTx, people: SeededUsers): Promise<void> {
  await tx.insert(alertSettings).values(CHOICES.map((c) => ({ userId: people[c.key].id, mailMode: c.mode })));
  const searches = await tx
    .insert(savedSearches)
    .values([
      {
        userId: people.engineer.id,
        name: 'Texas structural from $5,000',
        filters: { specialization: 'structural', country: 'USA', state: 'Texas', min_budget: 500_000 },
      },
      // Muted from an alert mail's unsubscribe link: its alerts stay in the app.
      { userId: people.engineer.id, name: 'Drainage anywhere', filters: { q: 'drainage' }, mail: false },
      {
        userId: people.eng2.id,
        name: 'Texas electrical',
        filters: { specialization: 'electrical', state: 'Texas' },
      },
    ])
    .returning();
  const open = await tx
    .select()
    .from(projects)
    .where(eq(projects.status, 'open'))
    .orderBy(desc(projects.createdAt));
  for (const { key, mode } of CHOICES) {
    const userId = people[key].id;
    const held: EligibilityLicense[] = await tx
      .select({
        license_type: licenses.licenseType,
        verification_status: licenses.verificationStatus,
        expiration_date: licenses.expirationDate,
        issue_country: licenses.issueCountry,
        issue_state: licenses.issueState,
      })
      .from(licenses)
      .where(eq(licenses.userId, userId));
    const [account] = await tx
      .select({ specializations: engineerAccounts.specializations })
      .from(engineerAccounts)
      .where(eq(engineerAccounts.userId, userId));
    const mine = searches.filter((s) => s.userId === userId);
    const now = new Date();
    const picked = open
      .map((p) => {
        const place = { ...p, specializations: p.specializations };
        // Words are left to the database in the product; the demo's worded search matches none.
        const search = mine.find(
          (s) => !s.filters.q && projectMatchesFilters(s.filters as SavedSearchFilters, place, false),
        );
        const fits = licenceAllowsAlert(held, place, now);
        const inField = sharesSpecialization(account?.specializations ?? [], p.specializations);
        return fits && (inField || search) ? { project: p, search, inField } : null;
      })
      .filter((x) => x !== null)
      .slice(0, ALERTS_EACH);
    if (picked.length === 0) continue;
    await tx.insert(projectAlerts).values(
      picked.map(({ project, search, inField }, i) => ({
        userId,
        projectId: project.id,
        savedSearchId: search?.id ?? null,
        mail: mode !== 'never' && (inField || !!search?.mail),
        // Instant mail went out with the alert; the digest still owes the newest two.
        mailedAt: mode === 'instant' || (mode === 'daily' && i >= 2) ? project.createdAt : null,
        createdAt: project.createdAt,
      })),
    );
    await tx.insert(notifications).values(
      picked.map(({ project, search }, i) => ({
        userId,
        message: alertMessage(project.title, search?.name ?? null),
        notificationLink: `/project_details/${project.id}`,
        // The older ones were read.
        isRead: i >= 2,
        createdAt: project.createdAt,
      })),
    );
  }
}
