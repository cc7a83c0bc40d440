// The chat module's public functions: what other modules may use (the rest of its files are its own).
export { chatAttachmentReaders } from './chat.files.ts';
export { closeDealRoom, openDealRoom } from './rooms.ts';
