/**
 * The console's sign-in (docs/console.md "HTTP API"): `GET session`, `POST sign-in`, `POST sign-out`, and the
 * invitations (`GET`/`POST invites/:token`) through which an account is made and its password set.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { headerOf } from '../routes/origins';
import { consoleSessionHandle, emailKey, hashConsoleToken } from '../storage/records';
import type { Account, AccountWithHash } from '../storage/types';
import type { ConsoleContext } from './context';
import { ConsoleError, invalid, notFound } from './errors';
import { AUTH_BODY_LIMIT, SESSION_LIMITS, THROTTLE, throttleDelayMs } from './limits';
import { hashPassword, needsRehash, PASSWORD_LENGTH, passwordIssue, verifyPassword } from './passwords';
import { newSecret, type SignedIn, secureFor, sessionCookie, setSessionCookie, signedIn } from './session';

/** The JSON schema of a text field of at most `max` characters. */
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

const signInBody = {
  type: 'object',
  required: ['email', 'password'],
  // no control characters in an email (400): no account has one, and PostgreSQL's text cannot hold U+0000
  properties: { email: { ...text(320), pattern: '^[^\\u0000-\\u001f\\u007f]*$' }, password: text(1024) },
} as const;

const inviteBody = { type: 'object', required: ['password'], properties: { password: text(1024) } } as const;
const passwordChangeBody = {
  type: 'object',
  required: ['currentPassword', 'newPassword'],
  properties: { currentPassword: text(1024), newPassword: text(1024) },
} as const;
const handleParams = { type: 'object', properties: { id: text(100) } } as const;
const tokenParams = { type: 'object', properties: { token: text(100) } } as const;

/** What a refused new password is told: the rule, never the password. */
export const PASSWORD_ALLOWED = `${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters, not a common password; any characters, no other rules`;

const SIGN_IN_FAILED = () => new ConsoleError(401, 'SIGN_IN_FAILED', 'The email or the password is not right.');

/**
 * The throttle's keys for a sign-in, each with its free failures (limits.ts THROTTLE): the account (its email as typed,
 * case aside) from this address, the account from every address, and the client's address.
 */
const throttleKeys = (email: string, req: FastifyRequest) => ({
  [`pair:${emailKey(email)} ${req.ip}`]: THROTTLE.pairFree,
  [`account:${emailKey(email)}`]: THROTTLE.accountFree,
  [`address:${req.ip}`]: THROTTLE.addressFree,
});

/** 503 BUSY: more password checks asked at once than the process runs and queues (limits.ts HASHING). */
const BUSY = () => new ConsoleError(503, 'BUSY', 'Too many sign-ins at once: try again in a second.', { retryAfterS: 1 });

export function registerAuthRoutes(api: FastifyInstance, c: ConsoleContext): void {
  /** `GET session`'s body for the account. */
  const sessionBody = async (account: Pick<Account, 'id' | 'email'>, csrfToken: string) => {
    const sites = [];
    for (const { siteId, role } of await c.storage.siteRoles(account.id)) {
      const site = await c.storage.getSite(siteId);
      if (site) sites.push({ id: site.id, name: site.name, role });
    }
    return { account: { id: account.id, email: account.email }, csrfToken, sites };
  };

  /**
   * Starts a new session for the account (ending the one the browser had: no fixation, ASVS 3.2.1) and answers as
   * `GET session`; `passwordHash` is the hash its password was checked against (or just set). When the password
   * changed since that check (a sign-in with the old password racing a password change), no session starts, the
   * browser's session ends and the answer is 401 SIGN_IN_FAILED: that password is not right any more.
   */
  const startSession = async (req: FastifyRequest, reply: FastifyReply, account: Pick<Account, 'id' | 'email'>, passwordHash: string) => {
    const id = newSecret();
    const csrfToken = newSecret();
    const userAgent = headerOf(req, 'user-agent')?.slice(0, 200);
    const replaces = sessionCookie(req);
    const started = await c.storage.startConsoleSession({
      id,
      accountId: account.id,
      csrfToken,
      passwordHash,
      ...(replaces === undefined ? {} : { replaces }),
      limits: SESSION_LIMITS,
      ...(userAgent ? { userAgent } : {}),
    });
    if (!started) {
      if (replaces !== undefined) await c.storage.endConsoleSession(replaces);
      setSessionCookie(reply, null, secureFor(req, c.secureCookie));
      throw SIGN_IN_FAILED();
    }
    setSessionCookie(reply, id, secureFor(req, c.secureCookie));
    return sessionBody(account, csrfToken);
  };

  /**
   * Counts the attempt against its keys, then lets it through, or throws 429 THROTTLED (the attempt taken back, its
   * password not checked) when a key's failures before it make it wait (limits.ts THROTTLE). Counted first, in one step
   * per key, so that attempts made at once cannot all pass one check before any of them is counted.
   */
  const admit = async (throttle: Record<string, number>) => {
    const keys = Object.keys(throttle);
    const counts = await c.storage.countSignInAttempt(keys, THROTTLE.windowMs);
    const t = c.now();
    let waitMs = 0;
    for (const [key, { failures, lastAt }] of counts) waitMs = Math.max(waitMs, lastAt + throttleDelayMs(failures, throttle[key]!) - t);
    if (waitMs > 0) {
      await c.storage.undoSignInAttempt(keys);
      const retryAfterS = Math.ceil(waitMs / 1000);
      throw new ConsoleError(429, 'THROTTLED', `Too many failed sign-ins: try again in ${retryAfterS} s.`, { retryAfterS });
    }
    return keys;
  };

  /**
   * Checks a password within the process's limit of hashes at once (a dummy hash for an unknown email, so that both
   * take as long); an attempt over the limit is taken back and answered 503 BUSY. A right password stored with older
   * parameters is hashed again with the current ones (ASVS 2.4). Answers the hash the password was checked against
   * (the new one when hashed again), for {@link startSession}; false when the password is wrong.
   */
  const checkPassword = async (keys: string[], account: Pick<AccountWithHash, 'id' | 'passwordHash'> | null, password: string) => {
    const checked = await c.hashing(async () => {
      if (!account) {
        await verifyPassword(password, await c.dummyHash());
        return false as const;
      }
      if (!(await verifyPassword(password, account.passwordHash))) return false as const;
      if (!needsRehash(account.passwordHash, c.scryptCost)) return account.passwordHash;
      const rehashed = await hashPassword(password, c.scryptCost);
      await c.storage.rehashPassword(account.id, account.passwordHash, rehashed);
      return rehashed;
    });
    if (!checked) {
      await c.storage.undoSignInAttempt(keys);
      throw BUSY();
    }
    return checked.value;
  };

  /** A failed attempt: its wait starts now, and it is an audit entry (the email typed, the address, whether it names an account). */
  const failed = async (req: FastifyRequest, keys: string[], email: string, account: Pick<Account, 'id' | 'email'> | null) => {
    await c.storage.markSignInFailure(keys);
    await c.audit({
      siteId: null,
      // an email with no account: the actor is who tried, by the email typed (no account id)
      actor: account ? actorOf(account) : { kind: 'account', accountId: '', email },
      action: 'account.sign-in.fail',
      before: null,
      after: { email, address: req.ip, known: account !== null },
    });
    return SIGN_IN_FAILED();
  };

  /** A successful attempt: the pair's failures are cleared, and the attempt is taken back from the account's and the address's. */
  const succeeded = async (keys: string[]) => {
    const [pair, ...others] = keys;
    await c.storage.clearSignInFailures(pair!);
    await c.storage.undoSignInAttempt(others);
  };

  /** The hash of a new password, after the invitation's rules (400 INVALID at `field` when refused). */
  const newPasswordHash = async (field: string, password: string, email: string) => {
    const issue = passwordIssue(password, email);
    if (issue) {
      const why = { TOO_SHORT: 'is too short', TOO_LONG: 'is too long', COMMON: 'is too common' }[issue];
      throw invalid(field, `The password ${why}.`, PASSWORD_ALLOWED);
    }
    const made = await c.hashing(() => hashPassword(password, c.scryptCost));
    if (!made) throw BUSY();
    return made.value;
  };

  /** Confirms the signed-in account's password, counted and throttled as a sign-in (401 SIGN_IN_FAILED when wrong). */
  const confirmPassword = async (req: FastifyRequest, session: SignedIn, password: string) => {
    const keys = await admit(throttleKeys(session.email, req));
    const account = await c.storage.getAccount(session.accountId);
    if (!(await checkPassword(keys, account, password)) || !account) throw await failed(req, keys, session.email, account);
    await succeeded(keys);
  };

  api.get('/session', async (req) => {
    const session = signedIn(req);
    return sessionBody({ id: session.accountId, email: session.email }, session.csrfToken);
  });

  api.post<{ Body: { email: string; password: string } }>(
    '/sign-in',
    { schema: { body: signInBody }, bodyLimit: AUTH_BODY_LIMIT, config: { consolePublic: true } },
    async (req, reply) => {
      const { email, password } = req.body;
      const keys = await admit(throttleKeys(email, req));
      const account = await c.storage.findAccountByEmail(email);
      const checked = await checkPassword(keys, account, password);
      if (!checked || !account) throw await failed(req, keys, email, account);
      await succeeded(keys);
      const body = await startSession(req, reply, account, checked);
      await c.audit({ siteId: null, actor: actorOf(account), action: 'account.sign-in', before: null, after: { address: req.ip } });
      return body;
    },
  );

  api.post('/sign-out', async (req, reply) => {
    const session = signedIn(req);
    await c.storage.endConsoleSession(session.sessionId);
    setSessionCookie(reply, null, secureFor(req, c.secureCookie));
    await c.audit({
      siteId: null,
      actor: { kind: 'account', accountId: session.accountId, email: session.email },
      action: 'account.sign-out',
      before: null,
      after: null,
    });
    return reply.code(204).send();
  });

  api.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/account/password',
    { schema: { body: passwordChangeBody }, bodyLimit: AUTH_BODY_LIMIT },
    async (req, reply) => {
      const session = signedIn(req);
      await confirmPassword(req, session, req.body.currentPassword);
      const hash = await newPasswordHash('newPassword', req.body.newPassword, session.email);
      // every other session ends with the old password (ASVS 3.3.3); this one is replaced by a new one (a new id and
      // CSRF token, re-authenticated), so that a stolen cookie or token of it ends too
      await c.storage.changeConsolePassword(session.accountId, hash, session.sessionId);
      const account = { id: session.accountId, email: session.email };
      const body = await startSession(req, reply, account, hash);
      await c.audit({ siteId: null, actor: actorOf(account), action: 'account.password.change', before: null, after: null });
      return body;
    },
  );

  api.get('/account/sessions', async (req) => {
    const session = signedIn(req);
    const current = consoleSessionHandle(hashConsoleToken(session.sessionId));
    return (await c.storage.listConsoleSessions(session.accountId, SESSION_LIMITS)).map((s) => ({
      id: s.handle,
      createdAt: new Date(s.createdAt).toISOString(),
      lastSeenAt: new Date(s.lastSeenAt).toISOString(),
      current: s.handle === current,
      ...(s.userAgent ? { userAgent: s.userAgent } : {}),
    }));
  });

  api.delete<{ Params: { id: string } }>('/account/sessions/:id', { schema: { params: handleParams } }, async (req, reply) => {
    const session = signedIn(req);
    if (!(await c.storage.endConsoleSessionByHandle(session.accountId, req.params.id))) throw notFound();
    await c.audit({
      siteId: null,
      actor: actorOf({ id: session.accountId, email: session.email }),
      action: 'account.session.end',
      before: null,
      after: null,
    });
    return reply.code(204).send();
  });

  api.delete('/account/sessions', async (req, reply) => {
    const session = signedIn(req);
    const ended = await c.storage.endOtherConsoleSessions(session.accountId, session.sessionId);
    await c.audit({
      siteId: null,
      actor: actorOf({ id: session.accountId, email: session.email }),
      action: 'account.session.end',
      before: null,
      after: { others: ended },
    });
    return reply.code(204).send();
  });

  api.post<{ Body: { password: string } }>('/reauth', { schema: { body: inviteBody }, bodyLimit: AUTH_BODY_LIMIT }, async (req, reply) => {
    const session = signedIn(req);
    await confirmPassword(req, session, req.body.password);
    await c.storage.reauthConsoleSession(session.sessionId);
    return reply.code(204).send();
  });

  api.get<{ Params: { token: string } }>('/invites/:token', { schema: { params: tokenParams } }, async (req) => {
    const invite = await c.storage.findInvite(req.params.token);
    if (!invite) throw notFound();
    const site = invite.siteId ? await c.storage.getSite(invite.siteId) : null;
    return {
      email: invite.email,
      ...(site && invite.role ? { siteName: site.name, role: invite.role } : {}),
      expiresAt: new Date(invite.expiresAt).toISOString(),
      // an account of this email signs in with its password to take the invitation; a new one chooses a password
      hasAccount: (await c.storage.findAccountByEmail(invite.email)) !== null,
    };
  });

  api.post<{ Params: { token: string }; Body: { password: string } }>(
    '/invites/:token',
    { schema: { params: tokenParams, body: inviteBody }, bodyLimit: AUTH_BODY_LIMIT, config: { consolePublic: true } },
    async (req, reply) => {
      const { token } = req.params;
      const { password } = req.body;
      const invite = await c.storage.findInvite(token);
      if (!invite) throw notFound();
      const existing = await c.storage.findAccountByEmail(invite.email);
      let hash: string | null = null;
      let checkedHash = '';
      if (existing && invite.siteId) {
        // an invitation to a site does not reset an account's password (whoever holds the link could take the
        // account): the account's own password takes it, throttled, logged and cleared as a sign-in
        const keys = await admit(throttleKeys(invite.email, req));
        const checked = await checkPassword(keys, existing, password);
        if (!checked) throw await failed(req, keys, invite.email, existing);
        await succeeded(keys);
        checkedHash = checked;
      } else {
        // a new account, or a first owner's invitation (from the command line: the server's operator may reset a password)
        hash = await newPasswordHash('password', password, invite.email);
      }
      const accepted = await c.storage.acceptInvite(token, hash, ({ account, invite: used }) => ({
        siteId: used.siteId,
        actor: actorOf(account),
        action: 'invite.accept',
        before: null,
        after: { email: account.email, role: used.role, passwordSet: hash !== null },
      }));
      if (!accepted) throw notFound();
      if (accepted === 'ACCOUNT_EXISTS') {
        // the email's account was made meanwhile (another invitation of it accepted at once): its password is not replaced
        throw new ConsoleError(409, 'CONFLICT', 'This email has an account now: open the link again and use its password.');
      }
      return startSession(req, reply, accepted.account, hash ?? checkedHash);
    },
  );
}

/** The audit log's actor for an account. */
export const actorOf = (account: Pick<Account, 'id' | 'email'>) => ({
  kind: 'account' as const,
  accountId: account.id,
  email: account.email,
});
