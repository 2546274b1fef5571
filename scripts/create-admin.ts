/**
 * Creates an administrator in a real deployment's D1:
 *   ADMIN_PASSWORD=… npm run create-admin -- --email you@example.com --first Name --second Surname [--local]
 */
import { parseArgs } from 'node:util';
import { hashPassword } from '../worker/domain/auth/password';
import { executeScript, insertSql } from './lib/d1';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    first: { type: 'string' },
    second: { type: 'string' },
    local: { type: 'boolean', default: false },
  },
});
const password = process.env.ADMIN_PASSWORD;
if (!values.email || !values.first || !values.second || !password || password.length < 6) {
  console.error('usage: ADMIN_PASSWORD=<at least 6 characters> npm run create-admin -- --email E --first F --second S [--local]');
  process.exit(2);
}
const now = Date.now();
executeScript(
  insertSql('subjects', {
    username: values.email.trim().toLowerCase(),
    first_name: values.first,
    second_name: values.second,
    subject: null,
    phone: null,
    is_admin: true,
    status: 'active',
    password_hash: await hashPassword(password),
    created_at: now,
    approved_at: now,
  }),
  values.local ? '--local' : '--remote',
);
console.log(`Administrator ${values.email} created.`);
