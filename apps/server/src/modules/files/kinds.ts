// Who may read a private file, per kind. The kinds themselves (public or private, which
// formats) are in packages/shared/src/files.ts; TypeScript makes every kind listed there
// have its rule.
//
// The uploader and admins always may; a rule admits the others — typically the people the
// record holding the file (file.subjectId) is shared with. Public kinds need no rule: anyone
// with the link reads them. The rules belong to the features that hold the files; the list of
// features (modules/index.ts) hands them over at start, so this module depends on none of them.
import type { FileKind } from '@app/shared';
import type { FileReadRule } from './read-rule.ts';

export type { FileReader, FileReadRule } from './read-rule.ts';
export type FileReadRules = Record<FileKind, FileReadRule | null>;

/** For kinds only the uploader and admins read. */
export const nobodyElse: FileReadRule = async () => false;

let rules: FileReadRules | null = null;

export function useFileReadRules(given: FileReadRules): void {
  rules = given;
}

export function readRuleOf(kind: FileKind): FileReadRule | null {
  if (!rules)
    throw new Error('File read rules are not set: modules/index.ts sets them when the API is built.');
  return rules[kind];
}
