import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { RegisterScreen } from '~/features/auth/register-form';
import { renderScreen, replyWith, sentBody } from './render';

async function fillIn(email = 'eva@example.com', password = 'eva-secret') {
  await userEvent.type(screen.getByLabelText('First name'), 'Eva');
  await userEvent.type(screen.getByLabelText('Second name'), 'Nová');
  await userEvent.type(screen.getByLabelText('E-mail'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Send registration' }));
}

describe('the registration form', () => {
  test('tells up front that an administrator approves registrations', async () => {
    await renderScreen('/register', RegisterScreen);
    expect(screen.getByText(/must be approved by the administrator/)).toBeTruthy();
  });

  test('checks the e-mail format and the password length before sending', async () => {
    const fetchMock = replyWith(200, {});
    await renderScreen('/register', RegisterScreen);
    await fillIn('not-an-email', 'short');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Enter at least 6 characters.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('shows a taken e-mail on the e-mail field', async () => {
    replyWith(409, { success: false, errors: { username: ['This e-mail is already registered.'] } });
    await renderScreen('/register', RegisterScreen);
    await fillIn();
    expect(await screen.findByText('This e-mail is already registered.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  test('on success shows the pending notice and a way back to sign in, without leaving the page', async () => {
    const fetchMock = replyWith(200, { success: true, data: { status: 'pending', message: 'Registration received.' } });
    const { router } = await renderScreen('/register', RegisterScreen);
    await fillIn();
    expect(await screen.findByText('Registration completed successfully')).toBeTruthy();
    expect(screen.getByText(/An administrator must approve your account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(sentBody(fetchMock)).toEqual({
      SignupForm: { firstName: 'Eva', secondName: 'Nová', email: 'eva@example.com', password: 'eva-secret' },
    });
    expect(router.state.location.pathname).toBe('/register');
  });
});
