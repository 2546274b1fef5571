import { z } from 'zod';
import { LoginForm, LoginReply, MessageReply, PasswordResetRequestForm, SetPasswordBody, SignupForm } from '../contracts/site';
import { requestPasswordReset, setPasswordWithToken } from '../domain/auth/password-reset';
import { endSession } from '../domain/auth/sessions';
import { signIn } from '../domain/auth/sign-in';
import { registerSubject } from '../domain/subjects/registration';
import { toSessionUser } from '../domain/subjects/records';
import { clearSessionCookie, setSessionCookie } from '../http/auth';
import { clientOf, publicOrigin } from '../http/request';
import { createRouter, defineRoute } from '../http/route';

export const siteRoutes = createRouter();

defineRoute(
  siteRoutes,
  {
    method: 'post',
    path: '/login',
    access: 'public',
    summary: 'Sign in; returns the session token and sets the session cookie',
    body: { model: 'LoginForm', schema: LoginForm },
    data: LoginReply,
  },
  async ({ c, body }) => {
    const { subject, token, expiresAt } = await signIn(c.var.db, body, clientOf(c));
    setSessionCookie(c, token, body.rememberMe === false ? undefined : expiresAt);
    return {
      access_token: token,
      expires_at: expiresAt.toISOString(),
      isAdmin: subject.isAdmin,
      id: subject.id,
      user: toSessionUser(subject),
    };
  },
);

defineRoute(
  siteRoutes,
  {
    method: 'post',
    path: '/logout',
    access: 'user',
    summary: 'End the current session',
    data: z.null(),
  },
  async ({ c }) => {
    await endSession(c.var.db, c.env, c.var.auth!.session);
    clearSessionCookie(c);
    return null;
  },
);

defineRoute(
  siteRoutes,
  {
    method: 'post',
    path: '/signup',
    access: 'public',
    summary: 'Register; the account stays pending until an administrator approves it',
    body: { model: 'SignupForm', schema: SignupForm },
    data: MessageReply.extend({ status: z.literal('pending') }),
  },
  async ({ c, body }) => {
    await registerSubject(c.var.db, body, clientOf(c));
    return {
      status: 'pending' as const,
      message: 'Registration received. An administrator must approve it before you can sign in; you will get an e-mail.',
    };
  },
);

defineRoute(
  siteRoutes,
  {
    method: 'post',
    path: '/reset-password',
    access: 'public',
    summary: 'E-mail a password reset link (same answer whether or not the address is known)',
    body: { model: 'PasswordResetRequestForm', schema: PasswordResetRequestForm },
    data: MessageReply,
  },
  async ({ c, body }) => {
    const defer = (work: Promise<unknown>) => c.executionCtx.waitUntil(work);
    await requestPasswordReset(c.var.db, c.var.config, body.email, clientOf(c), publicOrigin(c), defer);
    return { message: 'If this address belongs to an account, a link to set a new password is on its way.' };
  },
);

defineRoute(
  siteRoutes,
  {
    method: 'post',
    path: '/set-password',
    access: 'public',
    summary: 'Set a new password with the e-mailed token; ends all sessions and other reset links of the subject',
    body: { schema: SetPasswordBody },
    data: MessageReply,
  },
  async ({ c, body }) => {
    await setPasswordWithToken(c.var.db, c.env, body.token, body.NewPwd.password);
    return { message: 'Your password has been set. You can sign in now.' };
  },
);
