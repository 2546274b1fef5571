import type { Context } from 'hono';
import { badRequest } from '../domain/errors';
import type { AppEnv } from './types';

const ipv4Mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const hexGroup = /^[0-9a-f]{1,4}$/;

/** The /64 network of an IPv6 address as `2001:db8:1:2::/64`, or null when the text is no IPv6 address. */
function ipv6Network(address: string): string | null {
  const halves = address.toLowerCase().split('%')[0].split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = halves.length === 2 ? groupsOf(halves[1]) : [];
  // An embedded IPv4 tail (…:1.2.3.4) fills the last two groups.
  const last = (halves.length === 2 ? tail : head).at(-1) ?? '';
  const missing = 8 - head.length - tail.length - Number(last.includes('.'));
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].slice(0, 4);
  if (!groups.every((g) => hexGroup.test(g))) return null;
  return `${groups.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/**
 * The rate-limit key of an address: IPv4 as it is, IPv6 by its /64, which one subscriber gets whole and can
 * rotate through at will.
 */
export function clientKey(address: string): string {
  const mapped = ipv4Mapped.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  return ipv6Network(address) ?? address.slice(0, 100);
}

/**
 * Who is calling, for rate limits, from the address Cloudflare's edge sets in CF-Connecting-IP. A request
 * without it did not come through the edge (or the local runtime, which sets it too): it is refused rather
 * than pooled with every other such request under one key.
 */
export function clientOf(c: Context<AppEnv>): string {
  const address = c.req.header('CF-Connecting-IP')?.trim();
  if (!address) throw badRequest('The request carries no client address (CF-Connecting-IP), so it cannot be rate-limited.');
  return clientKey(address);
}

/** Origin for links in e-mails: the configured public URL, else the request's own. */
export const publicOrigin = (c: Context<AppEnv>) => c.var.ctx.config.APP_URL ?? new URL(c.req.url).origin;
