// The files module's public functions: what other modules may use (the rest of its files are its own).
export { discardFilesOf, discardFilesOfUser, setFileField, sniff } from './files.service.ts';
export { nobodyElse, useFileReadRules } from './kinds.ts';
export type { FileReadRule } from './read-rule.ts';
export { fileNamesOf } from './files.service.ts';
