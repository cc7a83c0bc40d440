// @vitest-environment happy-dom
// The project page offers the actions the server's `abilities` allow, and no others: the
// owner's Update and Delete while the project is open, Apply Now to an engineer the server
// lets apply (and to a visitor, who is sent to sign in), the record to those who may read it.
import type { ProjectAbilities, ProjectDetailDto, PublicUser } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { loadStore } from '../../lib/lazyStore';
import { type Answers, renderWithApp, sent, serve, users } from '../../test/render';
import { ProjectDetailsPage } from './ProjectDetailsPage';

const ID = '6f1c1a52-3c1e-4d5e-9a4b-1f2e3d4c5b6a';
const none = {
  update: false,
  delete: false,
  list_proposals: false,
  apply: false,
  read_record: false,
  // Who may ask for the deal: its client, its engineer and staff.
  read_deal: false,
} as ProjectAbilities;
const can = (over: Partial<Record<keyof ProjectAbilities | 'read_deal', boolean>>) =>
  ({ ...none, ...over }) as ProjectAbilities;
const project = (over: Partial<ProjectDetailDto>): ProjectDetailDto => ({
  id: ID,
  customer_id: users.client.id,
  title: 'Bridge deck repair',
  description: 'Stamped repair drawings for a timber bridge deck.',
  specializations: ['structural'],
  license_type: 'PE',
  budget: 250_000,
  deadline: null,
  country: 'US',
  state: 'OR',
  attachments: null,
  notes: null,
  urgency_level: null,
  status: 'open',
  created_at: '2026-11-02T12:00:00.000Z',
  updated_at: '2026-11-02T12:00:00.000Z',
  company_name: 'Client Co',
  client_name: 'Clara Client',
  member_since: '2025-01-10T12:00:00.000Z',
  avg_rating: 0,
  rating_count: 0,
  delivery_days: null,
  abilities: none,
  ...over,
});

const show = async (p: ProjectDetailDto, user: PublicUser | null, more: Answers = {}) => {
  serve({
    [`GET /api/projects/id/${ID}`]: { body: p },
    [`GET /api/proposals/project/${ID}/count`]: { body: { count: 3 } },
    [`GET /api/proposals/project/${ID}`]: { body: [] },
    [`GET /api/proposals/engineer/${users.engineer.id}`]: { body: [] },
    [`GET /api/proposals/eligibility/${ID}`]: { body: { ok: true } },
    // No deal yet.
    [`GET /api/projects/${ID}/deal`]: { body: null },
    ...more,
  });
  await renderWithApp(<ProjectDetailsPage />, {
    user,
    path: `/project_details/${ID}`,
    route: '/project_details/:id',
  });
  await screen.findByRole('heading', { level: 1, name: 'Bridge deck repair' });
  return screen.getByRole('complementary', { name: 'Project summary' });
};
const button = (name: string) => screen.queryByRole('button', { name });

describe('ProjectDetailsPage actions', () => {
  it('gives the owner Update and Delete while the project is open, and the proposals', async () => {
    await show(
      project({ abilities: can({ update: true, delete: true, list_proposals: true, read_deal: true }) }),
      users.client,
    );
    expect(await screen.findByRole('button', { name: 'Update Project' })).toBeTruthy();
    expect(button('Delete Project')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Show Submissions' })).toHaveProperty('disabled', true);
    expect(screen.queryByText('Apply Now')).toBeNull();
    // The owner reads the proposals themselves, not their count.
    expect(await screen.findByText('No proposals submitted yet.')).toBeTruthy();
    expect(screen.queryByText(/^\d+ proposals? submitted$/)).toBeNull();
  });

  it('takes Update and Delete away from the owner once the server does', async () => {
    await show(
      project({ status: 'assigned', abilities: can({ list_proposals: true, read_deal: true }) }),
      users.client,
    );
    expect(button('Update Project')).toBeNull();
    expect(button('Delete Project')).toBeNull();
  });

  it('asks the owner before deleting, in the confirmation’s own words', async () => {
    const user = userEvent.setup();
    await show(
      project({ abilities: can({ update: true, delete: true, list_proposals: true, read_deal: true }) }),
      users.client,
    );
    await user.click(screen.getByRole('button', { name: 'Delete Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this project?' });
    expect(
      within(dialog).getByText('The project and its proposals are removed for good. This cannot be undone.'),
    ).toBeTruthy();
  });

  it('keeps the page, and an open dialog, while the deal is asked for again', async () => {
    const user = userEvent.setup();
    await show(
      project({ abilities: can({ update: true, delete: true, list_proposals: true, read_deal: true }) }),
      users.client,
      {
        // Slow, as over a network: the page has time to show what it does meanwhile.
        [`GET /api/projects/${ID}/deal`]: {
          status: 500,
          body: { code: 'INTERNAL', message: 'Try again.' },
          delayMs: 300,
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Project' }));
    await screen.findByRole('dialog', { name: 'Delete this project?' });
    // As a deal event does: the deal is read again (and fails again).
    const asked = sent.length;
    (await loadStore()).store.dispatch(api.util.invalidateTags([{ type: 'Deal', id: ID }]));
    await waitFor(() =>
      expect(sent.slice(asked).map((s) => s.route)).toContain(`GET /api/projects/${ID}/deal`),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByLabelText('Loading project')).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByRole('dialog', { name: 'Delete this project?' })).toBeTruthy();
  });

  it('offers Apply Now to an engineer the server lets apply, with the proposal count', async () => {
    const summary = await show(project({ abilities: can({ apply: true }) }), users.engineer);
    expect(await within(summary).findByRole('button', { name: /Apply Now/ })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(summary).getByText(/3 proposals/).textContent).toBe('3 proposals submitted');
    expect(button('Update Project')).toBeNull();
    expect(button('Delete Project')).toBeNull();
  });

  it('shows the page to an engineer the server refuses the deal to (not a party)', async () => {
    const summary = await show(project({ abilities: can({ apply: true }) }), users.engineer, {
      [`GET /api/projects/${ID}/deal`]: {
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Only the client and the engineer of this deal can see it.' },
      },
    });
    expect(await within(summary).findByRole('button', { name: /Apply Now/ })).toBeTruthy();
  });

  it('holds Apply Now back with the server’s reason when the engineer cannot apply', async () => {
    const reason = 'This project requires a verified PE license valid in Oregon.';
    const summary = await show(project({ abilities: can({ apply: true }) }), users.engineer, {
      [`GET /api/proposals/eligibility/${ID}`]: { body: { ok: false, message: reason } },
    });
    expect(await within(summary).findByText(reason)).toBeTruthy();
    expect(within(summary).getByRole('button', { name: /Apply Now/ })).toHaveProperty('disabled', true);
  });

  it('offers nothing to a signed-in user the server does not let apply', async () => {
    const summary = await show(project({ abilities: none }), users.client);
    expect(within(summary).queryByText('Apply Now')).toBeNull();
    expect(button('Update Project')).toBeNull();
    expect(await within(summary).findByText('3 proposals submitted')).toBeTruthy();
  });

  it('sends a visitor to sign in from Apply Now on an open project', async () => {
    await show(project({}), null);
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe('/sign-in');
  });

  it('offers a visitor nothing once the project is assigned', async () => {
    const summary = await show(project({ status: 'assigned' }), null);
    expect(within(summary).queryByText('Apply Now')).toBeNull();
  });

  it('shows the project record only to those the server lets read it', async () => {
    await show(project({ abilities: can({ read_record: true }) }), users.engineer, {
      [`GET /api/projects/${ID}/record`]: { body: { entries: [], verified: true } },
    });
    expect(screen.getByRole('heading', { name: 'Project record' })).toBeTruthy();
  });
});
