import type { Mail } from './mailer';

interface Person {
  username: string;
  firstName: string;
}

export const resetMail = (to: Person, link: string): Mail => ({
  to: to.username,
  subject: 'Hladina: set a new password',
  body: `Hello ${to.firstName},\n\nsomeone asked to reset the password of your Hladina account.\nSet a new one here within the next hour:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
});

export const approvedMail = (to: Person, loginLink: string): Mail => ({
  to: to.username,
  subject: 'Hladina: your registration was approved',
  body: `Hello ${to.firstName},\n\nan administrator approved your registration. You can sign in now:\n\n${loginLink}\n`,
});

export const rejectedMail = (to: Person): Mail => ({
  to: to.username,
  subject: 'Hladina: your registration was not approved',
  body: `Hello ${to.firstName},\n\nan administrator did not approve your registration to Hladina.\nIf you think this is a mistake, contact your administrator.\n`,
});
