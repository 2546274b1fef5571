import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ForgotPasswordScreen } from '~/features/auth/forgot-password-form';
import { SetPasswordScreen } from '~/features/auth/set-password-form';
import { renderScreen, replyWith, sentBody } from './render';

describe('the forgotten-password form', () => {
  test('refuses a malformed e-mail', async () => {
    const fetchMock = replyWith(200, {});
    await renderScreen('/forgot-password', ForgotPasswordScreen);
    await userEvent.type(screen.getByLabelText('E-mail'), 'nobody@');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('confirms that the link is on its way', async () => {
    const fetchMock = replyWith(200, { success: true, data: { message: 'sent' } });
    await renderScreen('/forgot-password', ForgotPasswordScreen);
    await userEvent.type(screen.getByLabelText('E-mail'), 'user@hladina.local');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(/a reset link is on its way/)).toBeTruthy();
    expect(sentBody(fetchMock)).toEqual({ PasswordResetRequestForm: { email: 'user@hladina.local' } });
  });

  test('shows a server failure on the form', async () => {
    replyWith(500, { success: false, errors: { _: ['Something went wrong on our side. Please try again.'] } });
    await renderScreen('/forgot-password', ForgotPasswordScreen);
    await userEvent.type(screen.getByLabelText('E-mail'), 'user@hladina.local');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side. Please try again.');
  });
});

describe('the set-password form', () => {
  const path = '/reset-password-request/the-hash';
  const screenWithToken = () => <SetPasswordScreen token="the-hash" />;

  test('asks for at least six characters', async () => {
    await renderScreen(path, screenWithToken);
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Enter at least 6 characters.')).toBeTruthy();
  });

  test('explains a used or expired link', async () => {
    replyWith(400, { success: false, errors: { token: ['This reset link is invalid, expired or already used.'] } });
    await renderScreen(path, screenWithToken);
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error, your password was not set/);
  });

  test('sends the token with the password, confirms, then goes to sign in', async () => {
    const fetchMock = replyWith(200, { success: true, data: { message: 'set' } });
    const { router } = await renderScreen(path, screenWithToken);
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password has been set. Now you can sign in.')).toBeTruthy();
    expect(sentBody(fetchMock)).toEqual({ NewPwd: { password: 'brand-new-pass' }, token: 'the-hash' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
  });
});
