// A chat attachment is one file uploaded through POST /api/files: its link is checked to be
// one of this site's stored files, so a message cannot point the other person elsewhere.
import { CHAT_MESSAGES } from '@app/shared';
import type { Config } from '../../config.ts';
import { badRequest } from '../../lib/errors.ts';
import { DOCUMENT_TYPES, IMAGE_TYPES, storedFilePrefix } from '../files/files.service.ts';

const extensions = [...Object.keys(IMAGE_TYPES), ...Object.keys(DOCUMENT_TYPES)].join('|');
const storedName = new RegExp(`^[\\w-]{8,64}\\.(${extensions})$`);

export function assertChatAttachment(config: Config, url: string): string {
  const prefix = storedFilePrefix(config);
  const name = url.startsWith(prefix) ? url.slice(prefix.length) : '';
  if (!storedName.test(name)) throw badRequest(CHAT_MESSAGES.badAttachment);
  return url;
}
