import { siteCalls } from '../contracts/site';
import { toSessionUser } from '../db/accounts';
import { requestPasswordReset, setPasswordWithToken } from '../domain/auth/password-reset';
import { endSession } from '../domain/auth/sessions';
import { signIn } from '../domain/auth/sign-in';
import { registerSubject } from '../domain/subjects/registration';
import { clearSessionCookie, setSessionCookie } from '../http/auth';
import { clientOf, publicOrigin } from '../http/request';
import { createRouter, mount } from '../http/route';

export const siteRoutes = createRouter();

mount(siteRoutes, siteCalls.login, async ({ c, ctx, body }) => {
  const { subject, token, expiresAt } = await signIn(ctx, { form: body, client: clientOf(c) });
  setSessionCookie(c, token, body.rememberMe === false ? undefined : expiresAt);
  return {
    access_token: token,
    expires_at: expiresAt.toISOString(),
    isAdmin: subject.isAdmin,
    id: subject.id,
    user: toSessionUser(subject),
  };
});
mount(siteRoutes, siteCalls.logout, async ({ c, ctx }) => {
  await endSession(ctx, c.var.auth!.session);
  clearSessionCookie(c);
  return null;
});
mount(siteRoutes, siteCalls.signup, async ({ c, ctx, body }) => {
  await registerSubject(ctx, { form: body, client: clientOf(c) });
  return {
    status: 'pending' as const,
    message: 'Registration received. An administrator must approve it before you can sign in; you will get an e-mail.',
  };
});
mount(siteRoutes, siteCalls.resetPassword, async ({ c, ctx, body }) => {
  await requestPasswordReset(ctx, { email: body.email, client: clientOf(c), origin: publicOrigin(c) });
  return { message: 'If this address belongs to an account, a link to set a new password is on its way.' };
});
mount(siteRoutes, siteCalls.setPassword, async ({ ctx, body }) => {
  await setPasswordWithToken(ctx, { token: body.token, password: body.NewPwd.password });
  return { message: 'Your password has been set. You can sign in now.' };
});
