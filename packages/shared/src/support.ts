// Contact form and support tickets (docs/PRODUCT.md#screens /contact, docs/PRODUCT.md#data Support ticket, docs/PRODUCT.md#api Contact and
// support, docs/PRODUCT.md#messages Tickets/Contact). The forms and the server parse with these same schemas.

import { z } from 'zod';
import { idSchema } from './api.ts';
import { EMAIL_MAX, EMAIL_PATTERN, FULL_NAME_MAX } from './auth.ts';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './enums.ts';
import { fileRefSchema } from './files.schemas.ts';
import { BIDI_MESSAGE, hasNoBidiControls } from './text.ts';

/** docs/PRODUCT.md#messages, contact: the one message for any empty field of the e-mail form. */
export const CONTACT_FILL_ALL = 'Please fill in all fields for the email.';

/** docs/PRODUCT.md#messages, tickets and contact, and docs/PRODUCT.md#api for the calls they answer. */
export const SUPPORT_MESSAGES = {
  signInRequired: 'You must be signed in to create a support ticket.',
  emptyReply: 'Reply message cannot be empty.',
  createFailed: 'Failed to create ticket.',
  fetchFailed: 'Failed to fetch tickets',
  replyFailed: 'Failed to send reply.',
  deleteFailed: 'Failed to delete ticket.',
  deleted: 'Ticket deleted successfully!',
  replySent: 'Reply sent successfully!',
  noTickets: 'No tickets found.',
  assigned: 'Ticket assigned successfully!',
  assignFailed: 'Failed to assign ticket.',
  userIncomplete: 'Current user information is incomplete. Cannot assign ticket.',
  statusUpdated: 'Ticket status updated successfully!',
  statusFailed: 'Failed to update ticket status.',
  emailFailed: 'Failed to send email.',
  notAssigned: 'Not Assigned',
} as const;

/** docs/PRODUCT.md#limits: ticket and reply notices stay 3 s on success, 5 s on failure. */
export const TICKET_TOAST_MS = { success: 3000, failure: 5000 } as const;

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_MESSAGE_MAX = 5000;
export const TICKET_SEARCH_MAX = 200;

/** Single-line text: trimmed, inner whitespace (line breaks included) folded to one space. */
const line = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, { message: tooLong, abort: true })
        .refine(hasNoBidiControls, BIDI_MESSAGE),
    );

const body = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, required).max(max, { message: tooLong, abort: true }));

export const contactSchema = z.object({
  fullName: line(FULL_NAME_MAX, CONTACT_FILL_ALL, `Your name must be at most ${FULL_NAME_MAX} characters.`),
  email: z
    .string({ error: CONTACT_FILL_ALL })
    .trim()
    .min(1, CONTACT_FILL_ALL)
    .max(EMAIL_MAX, { message: 'Please enter a valid email address.', abort: true })
    .regex(EMAIL_PATTERN, 'Please enter a valid email address.'),
  subject: line(TICKET_SUBJECT_MAX, CONTACT_FILL_ALL, 'The subject must be at most 200 characters.'),
  message: body(TICKET_MESSAGE_MAX, CONTACT_FILL_ALL, 'The message must be at most 5000 characters.'),
});
export type ContactInput = z.input<typeof contactSchema>;

export const contactInfoSchema = z.object({ supportEmail: z.string() });
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** A general ticket, or one a problem report on a project opened (both parties take part). */
export const TICKET_KINDS = ['general', 'dispute'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES, {
  error: 'Choose a priority: low, medium, high or urgent.',
});
export const ticketStatusSchema = z.enum(TICKET_STATUSES, {
  error: 'Choose a status: open, pending or closed.',
});

/**
 * A new ticket. The original design's client also sends user_name; the server ignores it and takes
 * the name and e-mail from the session (unknown keys are stripped).
 */
export const createTicketSchema = z.object({
  subject: line(TICKET_SUBJECT_MAX, 'Please enter a subject.', 'The subject must be at most 200 characters.'),
  message: body(
    TICKET_MESSAGE_MAX,
    'Please describe your issue.',
    'The message must be at most 5000 characters.',
  ),
  priority: ticketPrioritySchema,
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;

export const TICKET_ATTACHMENT_NOT_OURS = 'Attach a file you uploaded for this ticket.';
export const ticketReplyInputSchema = z.object({
  message: body(
    TICKET_MESSAGE_MAX,
    SUPPORT_MESSAGES.emptyReply,
    'The reply must be at most 5000 characters.',
  ),
  /** A file uploaded with POST /api/files?kind=ticket_attachment (a photo, a PDF, a drawing). */
  attachments: fileRefSchema(TICKET_ATTACHMENT_NOT_OURS),
});

/** Staff: `{assigned_to_id, support_name}` to assign, or `{status}` to move the ticket. */
export const updateTicketSchema = z
  .object({
    assigned_to_id: idSchema().optional(),
    support_name: z.string().max(200, { abort: true }).optional(),
    status: ticketStatusSchema.optional(),
  })
  .refine((v) => (v.assigned_to_id === undefined) !== (v.status === undefined), {
    message: 'Send either assigned_to_id to assign the ticket, or status to change it.',
  });
export type UpdateTicketInput = z.input<typeof updateTicketSchema>;

const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), schema.optional());

export const ticketListQuerySchema = z.object({
  search: z
    .string()
    .max(TICKET_SEARCH_MAX, {
      message: `The search must be at most ${TICKET_SEARCH_MAX} characters.`,
      abort: true,
    })
    .transform((s) => s.trim())
    .optional(),
  status: optionalFilter(ticketStatusSchema),
  priority: optionalFilter(ticketPrioritySchema),
  page: z.coerce.number({ error: 'Invalid page.' }).int('Invalid page.').min(1, 'Invalid page.').default(1),
  pageSize: z.coerce
    .number({ error: 'Invalid page size.' })
    .int('Invalid page size.')
    .min(1, 'Invalid page size.')
    .max(100, { message: 'Invalid page size.', abort: true })
    .default(20),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

export const ticketSchema = z.object({
  id: z.string(),
  ticket_number: z.string(),
  subject: z.string(),
  message: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  user_id: z.string().nullable(),
  user_name: z.string(),
  email: z.string(),
  customer_email: z.string(),
  assigned_to_id: z.string().nullable(),
  support_name: z.string().nullable(),
  project_id: z.string().nullable(),
  /** `dispute`: opened by a problem report on a project; both parties are in it and it cannot be deleted. */
  kind: z.enum(TICKET_KINDS),
  /** The deal's other party, in the conversation of a dispute ticket. */
  counterpart_id: z.string().nullable(),
  counterpart_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: z.object({ reply: z.boolean(), delete: z.boolean() }),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketPageSchema = z.object({
  items: z.array(ticketSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TicketPage = z.infer<typeof ticketPageSchema>;

export const ticketReplySchema = z.object({
  id: z.string(),
  ticket_id: z.string(),
  sender_id: z.string().nullable(),
  sender_name: z.string(),
  is_staff: z.boolean(),
  message: z.string(),
  /** A private file only the ticket's people and staff can open (`/files/...`). */
  attachments: z.string().nullable(),
  created_at: z.string(),
});
export type TicketReply = z.infer<typeof ticketReplySchema>;

export const TICKET_PRIORITY_LABELS: Record<(typeof TICKET_PRIORITIES)[number], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};
export const TICKET_STATUS_LABELS: Record<(typeof TICKET_STATUSES)[number], string> = {
  open: 'Open',
  pending: 'Pending',
  closed: 'Closed',
};
