// /api/auth: sign-up, sign-in with the e-mailed PIN, password reset, and the caller's own
// account. Routes parse with the shared schemas, limit, guard, call a service, present.
import {
  AUTH_MESSAGES,
  deleteAccountBodySchema,
  idParamsSchema,
  messageSchema,
  passwordResetBodySchema,
  passwordResetResponseSchema,
  publicUserSchema,
  resendPinBodySchema,
  signinBodySchema,
  signinResponseSchema,
  signupBodySchema,
  signupResponseSchema,
  updatePasswordBodySchema,
  updatePasswordParamsSchema,
  updateUserBodySchema,
  updateUserResponseSchema,
  verifyPinBodySchema,
  verifyPinResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../lib/bearer.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { AUTH_LIMITS, byAddress, counter, currentUser, limiter, requireUser } from '../access/index.ts';
import { ACCOUNT_TEXTS, deleteAccount, getOwnAccount, updateAccount } from './account.service.ts';
import { AUTH_TEXTS, findUserByEmail, signin, signout, signup, verifyPin } from './auth.service.ts';
import { challengeCookie, challengeOf } from './challenge-cookie.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { resendPin } from './pins.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const security = [{ bearer: [] }];
  /** One counter per client address, before parsing; per-account counts are in the services (attempts.ts). */
  const limits = (name: Exclude<keyof typeof AUTH_LIMITS, 'anonymousUpload' | 'upload'>) => ({
    onRequest: limiter(app, `${name}-ip`, AUTH_LIMITS[name].perAddress, byAddress),
  });
  const limited = 'Limited per client address; past the limit the answer is 429 with the time to wait.';
  const resetsFromAddress = counter(app, 'passwordReset-ip', AUTH_LIMITS.passwordReset.perAddress, byAddress);

  app.post(
    '/auth/signup',
    {
      ...limits('signup'),
      schema: {
        tags,
        summary: 'Create a client or engineer account',
        description: `All of fullName, email, password and role are required; role is \`client\` or \`engineer\`. Passwords have 8 to 128 characters and may not be among the 10,000 most common. \`profilePicture\` is an image address answered by POST /api/files. The new account's e-mail is unverified: the first sign-in asks for a PIN. An address that already has an account gets the same answer (nothing is created; its owner is told by mail). ${limited}`,
        body: signupBodySchema,
        response: { 201: signupResponseSchema },
      },
    },
    async (req, reply) => {
      await signup(app.ctx, req.body);
      return reply.status(201).send({ message: AUTH_TEXTS.signedUp });
    },
  );

  app.post(
    '/auth/signin',
    {
      ...limits('signin'),
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        description: `Answers \`{ message, pinRequired: true, challenge }\` when a PIN was e-mailed (e-mail not yet verified, admin account, or no valid trusted-device token), else \`{ message, pinRequired: false, user, token }\`. \`challenge\` (also set as an HttpOnly cookie) is this sign-in's hold on the PIN: send it to verify-pin and resendPin. The trusted-device token from POST /api/auth/verify-pin travels in the body field \`deviceToken\` or the header \`X-Device-Token\`. A wrong e-mail or password answers 401 with one message for both. Wrong passwords are counted per account and source (address, or trusted device): after 5 a source waits 30 s, doubling to 15 minutes (429 with the time to wait); other sources are not held back. ${limited}`,
        body: signinBodySchema,
        response: { 200: signinResponseSchema },
      },
    },
    async (req, reply) => {
      const header = req.headers['x-device-token'];
      const deviceToken = req.body.deviceToken || (typeof header === 'string' ? header : undefined);
      const answer = await signin(app.ctx, req.body, deviceToken, req.ip);
      if (answer.pinRequired) reply.header('set-cookie', challengeCookie(app.ctx.config, answer.challenge));
      return answer;
    },
  );

  app.post(
    '/auth/verify-pin',
    {
      ...limits('verifyPin'),
      schema: {
        tags,
        summary: 'Finish signing in with the e-mailed PIN',
        description: `The PIN has 6 digits, lives 10 minutes, works once, and 5 wrong tries void it (sign in again for a new one). Only the sign-in that asked for the PIN can try it: \`challenge\` from its answer, in the body or its cookie. A wrong PIN and no PIN waiting get one answer (400). Success marks the e-mail verified and answers a session \`token\` and a \`deviceToken\` (valid 30 days) to send with later sign-ins to skip the PIN on this browser. ${limited}`,
        body: verifyPinBodySchema,
        response: { 200: verifyPinResponseSchema },
      },
    },
    async (req, reply) => {
      const answer = await verifyPin(app.ctx, req.body, challengeOf(req));
      reply.header('set-cookie', challengeCookie(app.ctx.config, null));
      return answer;
    },
  );

  app.post(
    '/auth/resendPin',
    {
      ...limits('resendPin'),
      schema: {
        tags,
        summary: 'Send a new PIN for a sign-in waiting for one',
        description:
          "For the sign-in holding `challenge` (body or cookie). At most one every 30 seconds and five an hour per account (429 with the time to wait). 404 'Email not found, please try signing in again.' when this sign-in has no PIN waiting for this e-mail.",
        body: resendPinBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await resendPin(app.ctx, await findUserByEmail(app.ctx.db, req.body.email), challengeOf(req));
      return { message: AUTH_MESSAGES.pinResent };
    },
  );

  app.post(
    '/auth/password-reset',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        description:
          'Answers the same whether or not an account has this e-mail, and whether or not a mail was sent: at most 3 mails an hour per account from one address, 10 an hour per account in all, and 10 requests an hour from one address. Each link (`/#/ResetPassword/{email}?token=...`) works once, for 30 minutes; using one voids the others.',
        body: passwordResetBodySchema,
        response: { 200: passwordResetResponseSchema },
      },
    },
    async (req) =>
      requestPasswordReset(app.ctx, req.body.email, {
        source: byAddress(req),
        addressOverLimit: (await resetsFromAddress(req)) !== null,
      }),
  );

  app.put(
    '/auth/updatePassword/:email',
    {
      ...limits('updatePassword'),
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset e-mail',
        description:
          'Without a valid, unused, unexpired token for this e-mail nothing changes (400). Success signs the account out everywhere and forgets its trusted devices.',
        params: updatePasswordParamsSchema,
        body: updatePasswordBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await resetPassword(app.ctx, req.params.email, req.body.token, req.body.password);
      return { message: AUTH_MESSAGES.passwordResetDone };
    },
  );

  app.post(
    '/auth/signout',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Sign out: the bearer token stops working',
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      const token = bearerToken(req.headers.authorization);
      if (!token) throw unauthenticated();
      await signout(app.ctx, token);
      return { message: AUTH_TEXTS.signedOut };
    },
  );

  app.get(
    '/auth/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Your own user record (403 for anyone else’s id)',
        params: idParamsSchema,
        response: { 200: publicUserSchema },
      },
    },
    async (req) => getOwnAccount(currentUser(req), req.params.id),
  );

  app.put(
    '/auth/update/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Update your name, e-mail, picture or password',
        description:
          'Owner only. Changing the e-mail or the password needs `oldPassword`. Field problems come back in `fields` and in `message`. A password change signs out every session and answers a fresh `token`. A new e-mail must be confirmed with a PIN at the next sign-in.',
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: updateUserResponseSchema },
      },
    },
    async (req) => updateAccount(app.ctx, currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/auth/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete your account (password confirmed)',
        description:
          'Owner only. Deletes the account and everything that belongs only to it, and revokes its sessions.',
        params: idParamsSchema,
        body: deleteAccountBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await deleteAccount(app.ctx, currentUser(req), req.params.id, req.body.password);
      return { message: ACCOUNT_TEXTS.deleted };
    },
  );
};
export default authRoutes;
