// Identity: request and response shapes of /api/auth, /api/files and the unread-message
// count, and the password rules. The browser validates with these same schemas, so a form
// shows exactly the message the server would answer.
import { z } from 'zod';
import { ROLES } from './enums.ts';
import { fileRefSchema } from './files.schemas.ts';
import { BIDI_MESSAGE, hasNoBidiControls } from './text.ts';

// ---------------------------------------------------------------------------------------
// Messages both sides show (docs/PRODUCT.md#roles, #messages where the original design names them).
export const AUTH_MESSAGES = {
  signupRequired: 'Please fill all required fields',
  signinRequired: 'Please fill all the fields',
  pinRequired: 'Please enter the PIN',
  fieldRequired: 'Please fill the field',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidEmail: 'Please enter a valid email address.',
  invalidRole: 'Please choose engineer or client.',
  pinFormat: 'The PIN is the 6 digits sent to your email.',
  emailNotFound: 'Email not found, please try signing in again.',
  wrongCredentials: 'Incorrect email or password.',
  emailTaken: 'Email is already in use.',
  oldPasswordRequired: 'Old password is required to change your email or password.',
  oldPasswordIncorrect: 'Old password is incorrect.',
  passwordIncorrect: 'Password is incorrect.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Password reset successfully!',
  pinResent: 'PIN resent! Please check your email again.',
  uploadFailed: 'File upload failed.',
} as const;

// ---------------------------------------------------------------------------------------
// Passwords: a new password's rules are in passwords.ts.
/** A new PIN may be asked for once this long after the last one was sent (docs/PRODUCT.md). */
export const PIN_RESEND_INTERVAL_MS = 30 * 1000;

/** A password being checked against the stored one: any non-empty text of sane length. */
const givenPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(1024, { message: AUTH_MESSAGES.wrongCredentials, abort: true });

// ---------------------------------------------------------------------------------------
// Field schemas.
/**
 * Something@domain.tld, without spaces. The parts between the dots cannot hold a dot, so the
 * pattern reads an address once, left to right: the earlier `[^\s@]+\.[^\s@]+` could split
 * 'a.a.a…' at every dot and took time growing with the square of the length (24 s for
 * 300,000 characters).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** E-mail addresses are trimmed and lower-cased: one account per mailbox. */
/** Longest e-mail address and full name a form takes (the server's limits). */
export const EMAIL_MAX = 254;
export const FULL_NAME_MAX = 100;
/** A sign-in PIN is this many digits. */
export const PIN_LENGTH = 6;

export const emailSchema = (requiredMessage: string = AUTH_MESSAGES.signupRequired) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(EMAIL_MAX, { message: AUTH_MESSAGES.invalidEmail, abort: true })
    .regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail);

export const fullNameSchema = (requiredMessage: string = AUTH_MESSAGES.signupRequired) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(FULL_NAME_MAX, { message: `Full name must be at most ${FULL_NAME_MAX} characters.`, abort: true })
    .refine(hasNoBidiControls, BIDI_MESSAGE);

/** A picture link answered by POST /api/files?kind=avatar; empty means none. */
export const PICTURE_NOT_OURS = 'The profile picture must be an image uploaded here.';
export const pictureUrlSchema = fileRefSchema(PICTURE_NOT_OURS);

export const pinSchema = z
  .string({ error: AUTH_MESSAGES.pinRequired })
  .trim()
  .min(1, AUTH_MESSAGES.pinRequired)
  .max(PIN_LENGTH, { message: AUTH_MESSAGES.pinFormat, abort: true })
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), AUTH_MESSAGES.pinFormat);

// ---------------------------------------------------------------------------------------
// The user as every answer shows it: never a hash, token, PIN or SSN.
export const publicUserSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
  role: z.enum(ROLES),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const signupResponseSchema = z.object({ message: z.string() });

// POST /api/auth/signup: signupBodySchema is in passwords.ts.
// POST /api/auth/signin
export const signinBodySchema = z.object({
  email: emailSchema(AUTH_MESSAGES.signinRequired),
  password: givenPassword(AUTH_MESSAGES.signinRequired),
  /** The trusted-device token from an earlier verify-pin (or header X-Device-Token). */
  deviceToken: z.string().max(200, { abort: true }).nullish(),
});
export type SigninBody = z.input<typeof signinBodySchema>;
export const signinResponseSchema = z.discriminatedUnion('pinRequired', [
  z.object({
    message: z.string(),
    pinRequired: z.literal(true),
    /**
     * This sign-in's hold on the PIN it e-mailed: verify-pin and resendPin count only with it
     * (body field `challenge`, or the HttpOnly cookie the same answer sets).
     */
    challenge: z.string(),
  }),
  z.object({
    message: z.string(),
    pinRequired: z.literal(false),
    user: publicUserSchema,
    token: z.string(),
  }),
]);
export type SigninResponse = z.infer<typeof signinResponseSchema>;

// POST /api/auth/verify-pin
/** The `challenge` a sign-in answered with the PIN request (or its cookie). */
const challengeField = z.string().max(200, { abort: true }).nullish();
export const verifyPinBodySchema = z.object({
  pin: pinSchema,
  email: emailSchema(AUTH_MESSAGES.signinRequired),
  challenge: challengeField,
});
export type VerifyPinBody = z.input<typeof verifyPinBodySchema>;
export const verifyPinResponseSchema = z.object({
  message: z.string(),
  user: publicUserSchema,
  token: z.string(),
  /** Keep it (30 days) and send it with the next sign-in to skip the PIN on this browser. */
  deviceToken: z.string(),
});
export type VerifyPinResponse = z.infer<typeof verifyPinResponseSchema>;

// POST /api/auth/resendPin
export const resendPinBodySchema = z.object({
  email: emailSchema(AUTH_MESSAGES.fieldRequired),
  challenge: challengeField,
});
export type ResendPinBody = z.input<typeof resendPinBodySchema>;

// POST /api/auth/password-reset
export const passwordResetBodySchema = z.object({ email: emailSchema(AUTH_MESSAGES.fieldRequired) });
export type PasswordResetBody = z.input<typeof passwordResetBodySchema>;
export const passwordResetResponseSchema = z.object({ success: z.boolean(), message: z.string() });

// PUT /api/auth/updatePassword/{email} (body: updatePasswordBodySchema, passwords.ts)
export const updatePasswordParamsSchema = z.object({ email: emailSchema(AUTH_MESSAGES.invalidEmail) });
// GET /api/auth/{id} answers publicUserSchema itself.

// PUT /api/auth/update/{id} (body: updateUserBodySchema, passwords.ts)
export const updateUserResponseSchema = z.object({
  message: z.string(),
  user: publicUserSchema,
  /** Present when the password changed: the other sessions were revoked and this one replaces the old. */
  token: z.string().optional(),
});
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

// DELETE /api/auth/{id}
export const deleteAccountBodySchema = z.object({
  password: givenPassword('Please enter your password to delete your account.'),
});

// GET /api/chat/unread_messages/{userId}
export const unreadCountSchema = z.object({ unread_count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
