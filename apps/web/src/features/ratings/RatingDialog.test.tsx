// @vitest-environment happy-dom
// The rating dialog: it asks for a project and stars before sending, refuses a project
// already rated, sends the rating as the signed-in user, and shows the server's refusal.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, sent, serve, users } from '../../test/render';
import { RatingDialog } from './RatingDialog';

const projects = [
  { id: 'p-bridge', title: 'Bridge deck repair', rated: false },
  { id: 'p-garage', title: 'Garage slab', rated: true },
];

// The dialog's code arrives the first time one opens (components/Modal.tsx).
const open = async (props: Partial<Parameters<typeof RatingDialog>[0]> = {}) => {
  await renderWithApp(
    <RatingDialog
      open
      onOpenChange={props.onOpenChange ?? (() => {})}
      receiverId={users.engineer.id}
      receiverName="Evan Engineer"
      receiverRole="engineer"
      projects={projects}
      {...props}
    />,
    { user: users.client },
  );
  return screen.findByRole('dialog');
};

describe('RatingDialog', () => {
  it('speaks of the engineer’s work, word for word', async () => {
    await open();
    expect(screen.getByRole('dialog', { name: 'Rate Evan Engineer' })).toBeTruthy();
    expect(
      screen.getByText(
        "Your rating is public: it shows on Evan Engineer's profile and in the engineer directory.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByPlaceholderText("How was Evan Engineer's work: drawings, seal and communication?"),
    ).toBeTruthy();
  });

  it('asks for a project, then for stars, before anything is sent', async () => {
    const user = userEvent.setup();
    serve({});
    await open({ projects: [...projects, { id: 'p-roof', title: 'Roof truss', rated: false }] });
    await user.click(screen.getByRole('button', { name: 'Submit Rating' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select a project first.');
    await user.selectOptions(screen.getByLabelText('Project'), 'p-bridge');
    await user.click(screen.getByRole('button', { name: 'Submit Rating' }));
    expect(screen.getByRole('alert').textContent).toBe('Rating must be between 1 and 5.');
    expect(sent).toEqual([]);
  });

  it('will not rate a project twice: the stars, comment and button are disabled', async () => {
    const user = userEvent.setup();
    await open();
    await user.selectOptions(screen.getByLabelText('Project'), 'p-garage');
    expect(screen.getByRole('status').textContent).toBe('You have already rated this user for this project.');
    expect(screen.getByRole('button', { name: 'Submit Rating' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('group', { name: 'Your rating' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox')).toHaveProperty('disabled', true);
  });

  it('sends the rating as the signed-in user and closes', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    serve({ 'POST /api/ratings': { status: 201, body: { id: 'r1' } } });
    // The one project still to rate is chosen already.
    await open({ onOpenChange });
    expect((screen.getByLabelText('Project') as HTMLSelectElement).value).toBe('p-bridge');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByRole('textbox'), '  Clear drawings.  ');
    await user.click(screen.getByRole('button', { name: 'Submit Rating' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      {
        route: 'POST /api/ratings',
        body: {
          sender_id: users.client.id,
          receiver_id: users.engineer.id,
          project_id: 'p-bridge',
          rate: 4,
          comment: 'Clear drawings.',
        },
      },
    ]);
    expect(await screen.findByText('Thank you! Your rating was submitted.')).toBeTruthy();
  });

  it('shows the server’s refusal and stays open', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const refusal =
      'You can rate only the client or the engineer of a completed project you worked on together.';
    serve({ 'POST /api/ratings': { status: 403, body: { code: 'FORBIDDEN', message: refusal } } });
    await open({ onOpenChange });
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Rating' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
