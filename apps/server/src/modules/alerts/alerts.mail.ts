// Alert mail: the instant mail of one project and the daily digest, each with a one-click
// unsubscribe (RFC 8058) that turns off only the setting the mail came from.
import { alertMessage } from '@app/shared';
import type { Mail } from '../../adapters/mail/mail.ts';
import { renderMail } from '../../adapters/mail/templates.ts';
import type { AppContext } from '../../context.ts';
import { type UnsubscribeTarget, unsubscribeToken } from './alerts.tokens.ts';

/** The address a mail client POSTs to (and a person opens) to unsubscribe. */
export function unsubscribeUrl(ctx: AppContext, target: UnsubscribeTarget): string {
  const token = unsubscribeToken(ctx.config.unsubscribeKey, target);
  return `${ctx.config.publicUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The RFC 8058 header pair: mail clients show an Unsubscribe button that POSTs once, no sign-in. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function projectUrl(ctx: AppContext, projectId: string): string {
  return `${ctx.config.publicUrl}/#/project_details/${projectId}`;
}

export type AlertedProject = { id: string; title: string };

/** One project, mailed as soon as the alert is made. */
export function instantAlertMail(
  ctx: AppContext,
  to: { userId: string; email: string },
  project: AlertedProject,
  savedSearch: { id: string; name: string } | null,
): Mail {
  const url = unsubscribeUrl(
    ctx,
    savedSearch ? { kind: 'search', searchId: savedSearch.id } : { kind: 'mail', userId: to.userId },
  );
  return {
    to: to.email,
    headers: unsubscribeHeaders(url),
    ...renderMail({
      subject: 'A new project you can take',
      lines: [
        alertMessage(project.title, savedSearch?.name ?? null),
        'Your licences let you apply to it. Open it to read the details and send a proposal.',
      ],
      action: { label: 'Open the project', url: projectUrl(ctx, project.id) },
      unsubscribeUrl: url,
    }),
  };
}

/** The day's projects in one mail. Its unsubscribe turns off alert mail (the mail choice). */
export function digestMail(
  ctx: AppContext,
  to: { userId: string; email: string },
  items: AlertedProject[],
): Mail {
  const url = unsubscribeUrl(ctx, { kind: 'mail', userId: to.userId });
  const count = items.length === 1 ? '1 new project' : `${items.length} new projects`;
  return {
    to: to.email,
    headers: unsubscribeHeaders(url),
    ...renderMail({
      subject: `${count} you can take`,
      lines: [
        `Projects posted in the last day that your licences let you apply to:`,
        ...items.map((p) => `• ${p.title} — ${projectUrl(ctx, p.id)}`),
        'Choose instant mail, this daily digest or no mail on your profile, under Job alerts.',
      ],
      action: { label: 'Explore projects', url: `${ctx.config.publicUrl}/#/explore` },
      unsubscribeUrl: url,
    }),
  };
}
