// Invitations: a client offers one of their open projects to an engineer. The engineer is
// notified in the app and by e-mail. Inviting the same engineer to the same project twice
// answers 409 with a message saying so, and sends nothing again: a client learns the first
// invitation went out, and an engineer is not spammed by repeated clicks. Only an engineer who
// could propose is invited: one holding a valid licence of the project's type for its place.
import {
  type InvitationDto,
  inviteLicenseMessage,
  licensesFittingProject,
  PROPOSAL_MESSAGES,
} from '@app/shared';
import { eq } from 'drizzle-orm';
import { renderMail } from '../../adapters/mail/templates.ts';
import type { AppContext } from '../../context.ts';
import { projectInvitations, projects, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type Actor, authorize, hasRole } from '../../lib/policy.ts';
import { heldLicenses } from '../licenses/index.ts';
import { notify } from '../notifications/index.ts';
import { canInviteTo } from './proposals.policy.ts';
import { proposalHistory } from './proposals.service.ts';

export async function sendInvitation(
  ctx: AppContext,
  caller: Actor & { fullName: string },
  projectId: string,
  engineerUserId: string,
): Promise<InvitationDto> {
  authorize(hasRole(caller, 'client'), PROPOSAL_MESSAGES.inviteOnlyClients);
  return ctx.transaction(async (tx) => {
    const [project] = await tx
      .select({
        id: projects.id,
        customerId: projects.customerId,
        title: projects.title,
        status: projects.status,
        licenseType: projects.licenseType,
        country: projects.country,
        state: projects.state,
      })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('share');
    if (!project) throw notFound('Project not found');
    authorize(canInviteTo(caller, project), 'You can only invite engineers to your own projects.');
    if (project.status !== 'open') throw conflict(PROPOSAL_MESSAGES.inviteOnlyOpen);
    const [engineer] = await tx
      .select({ id: users.id, role: users.role, email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, engineerUserId));
    if (!engineer) throw notFound(PROPOSAL_MESSAGES.engineerNotFound);
    if (engineer.role !== 'engineer') throw badRequest(PROPOSAL_MESSAGES.inviteOnlyEngineers);
    const held = await heldLicenses(tx, engineer.id);
    if (licensesFittingProject(held, project, new Date()).length === 0)
      throw badRequest(inviteLicenseMessage(project));
    // An engineer invited before whose proposals all ended (a refunded deal) is invited anew:
    // the invitation's date moves, which lets them propose again (createProposal).
    const history = await proposalHistory(tx, project.id, engineer.id);
    const insert = tx.insert(projectInvitations).values({ projectId: project.id, engineerId: engineer.id });
    const [row] =
      history.ended && !history.live
        ? await insert
            .onConflictDoUpdate({
              target: [projectInvitations.projectId, projectInvitations.engineerId],
              set: { createdAt: new Date() },
            })
            .returning()
        : await insert.onConflictDoNothing().returning();
    if (!row) throw conflict(PROPOSAL_MESSAGES.alreadyInvited);
    const link = `/project_details/${project.id}`;
    await notify(
      ctx,
      engineer.id,
      `${caller.fullName} invited you to the project "${project.title}".`,
      link,
      tx,
    );
    await ctx.sendMail(tx, {
      to: engineer.email,
      ...renderMail({
        subject: 'You are invited to a project',
        lines: [
          `Hello ${engineer.fullName},`,
          `${caller.fullName} invited you to send a proposal for the project "${project.title}".`,
        ],
        action: { label: 'View the project', url: `${ctx.config.publicUrl}/#${link}` },
      }),
    });
    return {
      message: PROPOSAL_MESSAGES.invitationSent,
      project_id: row.projectId,
      engineer_id: row.engineerId,
      created_at: row.createdAt.toISOString(),
    };
  });
}
