// The shape of a private kind's read rule (modules/files/kinds.ts). Features import it from
// here, so a rule in a feature folder does not import the registry that lists it.
import type { AppContext } from '../../context.ts';
import type { FileRow } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/policy.ts';

/** Whoever asks to read a file: the signed-in user. */
export type FileReader = Actor;

export type FileReadRule = (ctx: AppContext, reader: FileReader, file: FileRow) => Promise<boolean>;
