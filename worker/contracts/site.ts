import { z } from './zod';
import { defineCall } from './call';
import { email, password, text } from './validation';

export const LoginForm = z.object({
  username: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(256),
  rememberMe: z.boolean().optional(),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const SignupForm = z.object({
  email: email(),
  password: password(),
  firstName: text(1, 100),
  secondName: text(1, 100),
});
export type SignupForm = z.infer<typeof SignupForm>;

export const PasswordResetRequestForm = z.object({ email: email() });
export type PasswordResetRequestForm = z.infer<typeof PasswordResetRequestForm>;

export const NewPwd = z.object({ password: password() });
export const SetPasswordBody = z.object({ NewPwd, token: z.string().min(1).max(200) });
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

export const SessionUser = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  secondName: z.string(),
  phone: z.string().nullable(),
  subject: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** What sign-in returns: the local session record of SPEC §3. */
export const LoginReply = SessionUser.pick({ id: true, isAdmin: true }).extend({
  access_token: z.string(),
  expires_at: z.string(),
  user: SessionUser,
});
export type LoginReply = z.infer<typeof LoginReply>;

export const MessageReply = z.object({ message: z.string() });

export const siteCalls = {
  login: defineCall({
    method: 'post',
    path: '/site/login',
    access: 'public',
    summary: 'Sign in; returns the session token and sets the session cookie',
    body: LoginForm,
    model: 'LoginForm',
    reply: LoginReply,
  }),
  logout: defineCall({
    method: 'post',
    path: '/site/logout',
    access: 'user',
    summary: 'End the current session',
    reply: z.null(),
  }),
  signup: defineCall({
    method: 'post',
    path: '/site/signup',
    access: 'public',
    summary: 'Register; the account stays pending until an administrator approves it',
    body: SignupForm,
    model: 'SignupForm',
    reply: MessageReply.extend({ status: z.literal('pending') }),
  }),
  resetPassword: defineCall({
    method: 'post',
    path: '/site/reset-password',
    access: 'public',
    summary: 'E-mail a password reset link (same answer whether or not the address is known)',
    body: PasswordResetRequestForm,
    model: 'PasswordResetRequestForm',
    reply: MessageReply,
  }),
  setPassword: defineCall({
    method: 'post',
    path: '/site/set-password',
    access: 'public',
    summary: 'Set a new password with the e-mailed token; ends all sessions and other reset links of the subject',
    body: SetPasswordBody,
    reply: MessageReply,
  }),
};
