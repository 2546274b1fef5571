import type { Ctx } from '../../context';
import { keepMail, markMailSent } from '../../db/mail';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/**
 * The one way out for e-mail: every mail is kept in `outbox`; with MAIL_TRANSPORT=console it is only
 * printed (local development), with MAIL_TRANSPORT=resend it is sent through Resend's HTTP API.
 */
export async function sendMail(ctx: Pick<Ctx, 'db' | 'config'>, mail: Mail) {
  await transportMail(ctx, { id: await keepMail(ctx.db, mail), mail });
}

/** Sends a mail already kept in `outbox` (row `id`) by the configured transport, and marks it sent. */
export async function transportMail({ db, config }: Pick<Ctx, 'db' | 'config'>, { id, mail }: { id: number; mail: Mail }) {
  if (config.MAIL_TRANSPORT === 'console') {
    console.log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.body}`);
    return;
  }
  if (!config.RESEND_API_KEY) throw new Error('MAIL_TRANSPORT=resend needs the RESEND_API_KEY secret');
  const response = await fetch('https://api.resend.com/emails', {
    method: 'POST',
    headers: { Authorization: `Bearer ${config.RESEND_API_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: config.MAIL_FROM, to: [mail.to], subject: mail.subject, text: mail.body }),
  });
  if (!response.ok) {
    console.error('[mail] Resend refused the mail', response.status, await response.text());
    return;
  }
  await markMailSent(db, id);
}
