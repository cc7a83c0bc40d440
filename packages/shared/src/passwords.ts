// New passwords (docs/PRODUCT.md: 8 to 128 characters, not among the 10,000 most common) and
// the request bodies that set one (sign-up, reset, profile change). Apart from auth.ts
// because of the common-password list (90 KB): in the browser only the pages whose forms
// choose a password load this module and the list with it (docs/PERFORMANCE.md).
import { z } from 'zod';
import { AUTH_MESSAGES, emailSchema, fullNameSchema, pictureUrlSchema } from './auth.ts';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';
import { SIGNUP_ROLES } from './enums.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  tooCommon: 'This password is too common. Please choose a less common one.',
} as const;

let commonPasswords: Set<string> | undefined;
/** True when the password is among the 10,000 most common ones (compared without case). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return commonPasswords.has(password.toLowerCase());
}

/** The problem with a new password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  // Characters, not UTF-16 units: an emoji counts once.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  return null;
}

/** A password being chosen (sign-up, reset, change, admin creation). */
export const newPasswordSchema = (requiredMessage: string = AUTH_MESSAGES.signupRequired) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    // Code points are counted below; no password of at most that many is longer than twice that in UTF-16.
    .max(PASSWORD_MAX_LENGTH * 2, { message: PASSWORD_MESSAGES.tooLong, abort: true })
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

// POST /api/auth/signup
export const signupBodySchema = z.object({
  fullName: fullNameSchema(),
  email: emailSchema(),
  password: newPasswordSchema(),
  role: z.enum(SIGNUP_ROLES, {
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? AUTH_MESSAGES.signupRequired : AUTH_MESSAGES.invalidRole,
  }),
  profilePicture: pictureUrlSchema,
});
export type SignupBody = z.input<typeof signupBodySchema>;
// PUT /api/auth/updatePassword/{email}
export const updatePasswordBodySchema = z.object({
  password: newPasswordSchema(AUTH_MESSAGES.fieldRequired),
  token: z
    .string({ error: AUTH_MESSAGES.resetLinkInvalid })
    .min(1, AUTH_MESSAGES.resetLinkInvalid)
    .max(200, { message: AUTH_MESSAGES.resetLinkInvalid, abort: true }),
});
export type UpdatePasswordBody = z.input<typeof updatePasswordBodySchema>;

// PUT /api/auth/update/{id}
/** Empty strings from a form mean 'not given' for the password fields. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
export const updateUserBodySchema = z.object({
  full_name: fullNameSchema('Full name is required.').optional(),
  email: emailSchema(AUTH_MESSAGES.invalidEmail).optional(),
  /** null or '' removes the picture; absent leaves it. */
  profile_picture: pictureUrlSchema.optional(),
  oldPassword: optionalText(
    z.string().max(1024, { message: AUTH_MESSAGES.oldPasswordIncorrect, abort: true }),
  ),
  newPassword: optionalText(newPasswordSchema()),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;
