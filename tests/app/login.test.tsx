import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { LoginScreen } from '~/features/auth/login-form';
import { sessionKey } from '~/features/auth/session-key';
import { setLocale } from '~/paraglide/runtime';
import { renderScreen, replyWith, sentBody } from './render';

const user = { id: 2, username: 'user@hladina.local', firstName: 'Jan', secondName: 'Novák', phone: null, subject: null, isAdmin: false };

describe('the sign-in form', () => {
  afterEach(() => setLocale('en', { reload: false }));

  test('says which fields are missing and sends nothing', async () => {
    const fetchMock = replyWith(200, {});
    await renderScreen('/login', LoginScreen);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('words validation messages in the chosen language', async () => {
    setLocale('de', { reload: false });
    replyWith(200, {});
    await renderScreen('/login', LoginScreen);
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findAllByText('Dieses Feld ist erforderlich.')).toHaveLength(2);
  });

  test('shows a refused sign-in on the form and stays', async () => {
    replyWith(401, { success: false, errors: { password: ['The e-mail or password is not correct.'] } });
    const { router } = await renderScreen('/login', LoginScreen);
    await userEvent.type(screen.getByLabelText('E-mail'), 'user@hladina.local');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail or password is not correct.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  test('shows why a pending account cannot sign in', async () => {
    replyWith(403, { success: false, errors: { username: ['Your registration is waiting for approval by an administrator.'] } });
    await renderScreen('/login', LoginScreen);
    await userEvent.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/waiting for approval or has been disabled/)).toBeTruthy();
  });

  test('signs in with the contract-shaped body, stores the session user and goes to the dashboard', async () => {
    const fetchMock = replyWith(200, {
      success: true,
      data: { access_token: 't', expires_at: '2030-01-01T00:00:00Z', isAdmin: false, id: 2, user },
    });
    const { router, queryClient } = await renderScreen('/login', LoginScreen);
    await userEvent.type(screen.getByLabelText('E-mail'), '  User@Hladina.local ');
    await userEvent.type(screen.getByLabelText('Password'), 'hladina-user');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(fetchMock.mock.calls[0][0]).toBe('/rest/site/login');
    expect(sentBody(fetchMock)).toEqual({ LoginForm: { username: 'user@hladina.local', password: 'hladina-user', rememberMe: false } });
    expect(queryClient.getQueryData(sessionKey)).toEqual(user);
  });

  test('links to the forgotten-password and registration screens', async () => {
    await renderScreen('/login', LoginScreen);
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
  });
});
