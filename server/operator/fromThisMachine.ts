/**
 * Who may reach /metrics without a token and the loopback admin routes at all. Both doors open on
 * what the TCP connection itself says, never on what a request claims about itself.
 */

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Headers a proxy adds when it forwards someone else's request. A local proxy (nginx, Caddy, a TLS
 * terminator) connects from loopback, so a request carrying any of these is from elsewhere, whatever
 * address it names, and whatever TRUST_PROXY_HOPS says for rate limiting.
 */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'via',
] as const;

interface IncomingRequest {
  socket: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}

/** The connection comes from this machine (its socket's own address) and was not forwarded for anyone. */
export function isFromThisMachine(request: IncomingRequest): boolean {
  if (!LOOPBACK_ADDRESSES.has(request.socket.remoteAddress ?? '')) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
/** A Host header: a name, an IPv4 address or a bracketed IPv6 one, and perhaps a port. */
const HOST = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i;

/**
 * A check that the Host header names this machine or APP_URL's host (any port). A page from another
 * site whose name an attacker re-points at 127.0.0.1 (DNS rebinding) makes the browser send its own
 * name as Host, so the loopback doors stay shut to it even though the connection is local.
 */
export function hostCheck(appUrl: string): (request: IncomingRequest) => boolean {
  const allowed = new Set([...LOOPBACK_NAMES, new URL(appUrl).hostname.toLowerCase()]);
  return (request) => {
    const host = request.headers.host;
    if (typeof host !== 'string') return false;
    const name = HOST.exec(host)?.[1]?.toLowerCase();
    return name !== undefined && allowed.has(name);
  };
}
