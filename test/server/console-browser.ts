/**
 * A browser of the console for the server tests (test/server/console-*.db.test.ts): it keeps its session cookie and
 * CSRF token, sends the console's own Origin on state-changing calls, and stands for one client address
 * (X-Forwarded-For, believed where the server trusts proxies) and one User-Agent (one's sessions list it).
 */
type Json = Record<string, unknown>;

export interface ConsoleBrowserOptions {
  /** the client's address, sent as X-Forwarded-For @default '127.0.0.1' */
  address?: string;
  /** the User-Agent header; undefined sends fetch's own */
  userAgent?: string;
  /** the password `signIn` and `reauth` send when given none */
  password: string;
  /** told every answer's status (a file checks that none was a 5xx) */
  onStatus?: (what: string, status: number) => void;
}

export class ConsoleBrowser {
  cookie: string | undefined;
  csrf: string | undefined;
  constructor(
    /** the server's base URL (its own origin) */
    readonly base: () => string,
    readonly options: ConsoleBrowserOptions,
  ) {}

  async call(
    pathname: string,
    init: {
      method?: string;
      body?: unknown;
      /** the Origin sent on a state-changing call: the server's own unless given; null sends none */
      origin?: string | null;
      /** the CSRF token sent: the session's unless given; null sends none */
      csrf?: string | null;
      headers?: Record<string, string>;
      /** a body sent as is */
      raw?: string;
    } = {},
  ): Promise<{ status: number; body: Json | Json[] | null; res: Response }> {
    const headers = new Headers(init.headers);
    const method = init.method ?? (init.body === undefined && init.raw === undefined ? 'GET' : 'POST');
    if (init.origin !== null && method !== 'GET') headers.set('Origin', init.origin ?? this.base());
    if (this.cookie && !headers.has('Cookie')) headers.set('Cookie', `console_session=${this.cookie}`);
    const csrf = init.csrf === undefined ? this.csrf : init.csrf;
    if (csrf && method !== 'GET') headers.set('X-CSRF-Token', csrf);
    if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    if (this.options.userAgent && !headers.has('User-Agent')) headers.set('User-Agent', this.options.userAgent);
    headers.set('X-Forwarded-For', this.options.address ?? '127.0.0.1');
    const res = await fetch(`${this.base()}/console/api/${pathname}`, {
      method,
      headers,
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    this.options.onStatus?.(`${method} ${pathname}`, res.status);
    for (const c of res.headers.getSetCookie()) {
      const m = /^console_session=([^;]*)/.exec(c);
      if (m) this.cookie = m[1] || undefined;
    }
    const text = await res.text();
    let body: Json | null = null;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      body = null;
    }
    if (body && typeof body.csrfToken === 'string') this.csrf = body.csrfToken;
    return { status: res.status, body, res };
  }

  signIn(email: string, password = this.options.password) {
    return this.call('sign-in', { body: { email, password } });
  }

  /** Confirms the password again: sensitive changes ask for it 10 minutes after sign-in. */
  reauth(password = this.options.password) {
    return this.call('reauth', { body: { password } });
  }
}
