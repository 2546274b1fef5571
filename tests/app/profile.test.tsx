import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { ProfileForm } from '~/features/profile/profile-form';
import { renderScreen, replyWith, sentBody } from './render';

const user = {
  id: 2,
  username: 'user@hladina.local',
  firstName: 'Jan',
  secondName: 'Novák',
  phone: null,
  subject: 'Hydro Lab',
  isAdmin: false,
};
const profileScreen = () => <ProfileForm user={user} />;

describe('the profile form', () => {
  test('asks for the current password and says when it is needed', async () => {
    await renderScreen('/profile', profileScreen);
    const current = screen.getByLabelText('Current password');
    expect(current.getAttribute('type')).toBe('password');
    expect(screen.getByText(/only when you change your e-mail or password/).id).toBe(current.getAttribute('aria-describedby'));
  });

  test('sends the current password with a new one and shows its refusal on that field', async () => {
    const fetchMock = replyWith(422, { success: false, errors: { currentPassword: ['The current password is not correct.'] } });
    await renderScreen('/profile', profileScreen);
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText('Current password'), 'old-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls[0][0]).toBe('/rest/subjects/profile');
    expect(sentBody(fetchMock).Users).toMatchObject({
      username: 'user@hladina.local',
      password: 'brand-new-pass',
      currentPassword: 'old-pass',
    });
  });

  test('leaves the current password out when it was not typed', async () => {
    const fetchMock = replyWith(422, { success: false, errors: { _: ['No.'] } });
    await renderScreen('/profile', profileScreen);
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'Honza');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('No.');
    expect(sentBody(fetchMock).Users).not.toHaveProperty('currentPassword');
  });
});
