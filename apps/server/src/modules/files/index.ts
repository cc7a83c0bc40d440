// The files module's public functions: what other modules may use (the rest of its files are its own).
export {
  discardFilesOf,
  discardFilesOfUser,
  type FileNames,
  fileNamesOf,
  NO_FILE_NAMES,
  setFileField,
  sniff,
} from './files.service.ts';
export { nobodyElse, useFileReadRules } from './kinds.ts';
export type { FileReadRule } from './read-rule.ts';
