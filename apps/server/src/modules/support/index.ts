// The support module's public functions: what other modules may use (the rest of its files are its own).
export { ticketAttachmentReaders } from './support.files.ts';
export { closeTicketWithNote, createTicket, recordStaffDecision } from './support.service.ts';
