/**
 * Which Host headers the server answers (issue 14). The server's own origin (the `self` of a site's allowed
 * origins) and the links it gives to files come from PUBLIC_URL when it is set, and otherwise from the request's
 * Host: so a request naming a host the server does not know is refused, or a forged Host could make `self` mean
 * another origin and point file links elsewhere.
 */
import { hostname as machineName, networkInterfaces } from 'node:os';

/** Loopback names: the server is always reachable by them on its own machine. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** `*` answers any Host (only behind a proxy that sets it); otherwise the hostnames answered. */
export type AllowedHosts = '*' | ReadonlySet<string>;

/** The hostname of a Host header (lowercase, IPv6 in brackets, no port); undefined when it is not one. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host || /[\s/@?#\\]/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

const isLoopbackBind = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

/**
 * The hosts answered: ALLOWED_HOSTS when set (comma-separated hostnames, or `*`), plus PUBLIC_URL's host and the
 * loopback names. Without ALLOWED_HOSTS, a server bound beyond loopback (HOST=0.0.0.0) also answers this machine's
 * name and addresses.
 */
export function allowedHostsFrom(env: { ALLOWED_HOSTS?: string }, bind: string, publicUrl: string | undefined): AllowedHosts {
  const listed = (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (listed.includes('*')) return '*';
  const hosts = new Set<string>(LOOPBACK);
  for (const h of listed) {
    const name = hostnameOf(h);
    if (!name) throw new Error(`ALLOWED_HOSTS: "${h}" is not a hostname`);
    hosts.add(name);
  }
  if (publicUrl) hosts.add(new URL(publicUrl).hostname.toLowerCase());
  if (listed.length === 0 && !isLoopbackBind(bind)) {
    hosts.add(machineName().toLowerCase());
    for (const addrs of Object.values(networkInterfaces())) {
      for (const a of addrs ?? []) hosts.add(a.family === 'IPv6' ? `[${a.address.toLowerCase()}]` : a.address);
    }
    const named = hostnameOf(bind);
    if (named && bind !== '0.0.0.0' && bind !== '::') hosts.add(named);
  }
  return hosts;
}

/** Whether a request's Host header is one the server answers. */
export function hostAllowed(allowed: AllowedHosts, host: string | undefined): boolean {
  if (allowed === '*') return true;
  const name = hostnameOf(host);
  return name !== undefined && allowed.has(name);
}
