// Who may read a private file, per kind. The kinds themselves (public or private, which
// formats) are in packages/shared/src/files.ts; TypeScript makes every kind listed there
// have its entry here.
//
// The uploader and admins always may; a rule here admits the others — typically the
// people the record holding the file (file.subjectId) is shared with. Public kinds need
// no rule: anyone with the link reads them.
import type { FileKind } from '@app/shared';
import { chatAttachmentReaders } from '../chat/chat.files.ts';
import { deliverableReaders } from '../submissions/submissions.files.ts';
import type { FileReadRule } from './read-rule.ts';

export type { FileReader, FileReadRule } from './read-rule.ts';

const nobodyElse: FileReadRule = async () => false;

export const FILE_READ_RULES: Record<FileKind, FileReadRule | null> = {
  avatar: null,
  project_attachment: null,
  // Reviewed by admins only; the engineer uploaded it.
  license_proof: nobodyElse,
  chat_attachment: chatAttachmentReaders,
  deliverable: deliverableReaders,
};
