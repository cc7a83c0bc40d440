// Every mail has a plain-text and an HTML part carrying the product's name, the message
// and, when there is one, a button to the page it is about.
import { PRODUCT_NAME } from '@app/shared';
import { escapeHtml } from '../../lib/html.ts';

export function renderMail(opts: {
  subject: string;
  /** Paragraphs of plain text. */
  lines: string[];
  action?: { label: string; url: string };
  /** A one-click unsubscribe link (alert mail), shown under the message. */
  unsubscribeUrl?: string;
}): { subject: string; text: string; html: string } {
  const text = [
    ...opts.lines,
    ...(opts.action ? ['', `${opts.action.label}: ${opts.action.url}`] : []),
    '',
    `— ${PRODUCT_NAME}`,
    ...(opts.unsubscribeUrl ? ['', `Unsubscribe: ${opts.unsubscribeUrl}`] : []),
  ].join('\n');
  const unsubscribe = opts.unsubscribeUrl
    ? ` <a href="${escapeHtml(opts.unsubscribeUrl)}" style="color:#64748b">Unsubscribe</a>`
    : '';
  const paragraphs = opts.lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join('');
  const button = opts.action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px"><h1 style="font-size:20px;color:#1d4ed8;margin:0 0 16px">${PRODUCT_NAME}</h1><h2 style="font-size:16px;margin:0 0 12px">${escapeHtml(opts.subject)}</h2>${paragraphs}${button}<p style="color:#64748b;font-size:12px;margin-top:24px">You receive this e-mail because you have an account or contacted ${PRODUCT_NAME}.${unsubscribe}</p></div></body></html>`;
  return { subject: `${opts.subject} — ${PRODUCT_NAME}`, text, html };
}
