/** The operator console's accounts, site members and invitations on SQLite. */
import { randomUUID } from 'node:crypto';
import { emailKey, hashConsoleToken, now, toAccount, toInvite, toListedInvite, toMember } from '../records';
import type { Account, AccountStorage, InviteRecord, ListedInvite, NewAuditEntry, SiteRole } from '../types';
import { auditWriter } from './audit';
import type { Db, Row, Sync } from './db';

/** The account methods of the storage on `db`; `clock` is the storage's clock (invitations' expiry). */
export function sqliteAccounts(db: Db, clock: () => number): Sync<AccountStorage> {
  const writeAudit = auditWriter(db);
  const byEmail = db.prepare<[string], Row>('SELECT * FROM accounts WHERE email_key = ?');
  const byId = db.prepare<[string], Row>('SELECT * FROM accounts WHERE id = ?');
  const insertAccount = db.prepare(
    'INSERT INTO accounts (id, email, email_key, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const updateHash = db.prepare('UPDATE accounts SET password_hash = ?, updated_at = ? WHERE id = ?');
  const rehash = db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ? AND password_hash = ?');
  const endSessions = db.prepare('DELETE FROM console_sessions WHERE account_id = ?');
  const roles = db.prepare<[string], Row>('SELECT site_id, role FROM site_members WHERE account_id = ? ORDER BY created_at');
  const role = db.prepare<[string, string], Row>('SELECT role FROM site_members WHERE account_id = ? AND site_id = ?');
  const members = db.prepare<[string], Row>(
    'SELECT m.site_id, m.account_id, m.role, a.email FROM site_members m JOIN accounts a ON a.id = m.account_id WHERE m.site_id = ? ORDER BY a.email_key',
  );
  const upsertMember = db.prepare(
    'INSERT INTO site_members (site_id, account_id, role, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (site_id, account_id) DO UPDATE SET role = excluded.role',
  );
  const insertMemberIfNone = db.prepare(
    'INSERT INTO site_members (site_id, account_id, role, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (site_id, account_id) DO NOTHING',
  );
  const updateMember = db.prepare('UPDATE site_members SET role = ? WHERE site_id = ? AND account_id = ?');
  const deleteMember = db.prepare('DELETE FROM site_members WHERE site_id = ? AND account_id = ?');
  // an invitation is ended by marking it used (its row stays, as a used one's does)
  const deletePreviewKeysBy = db.prepare('DELETE FROM preview_keys WHERE site_id = ? AND created_by = ?');
  const endInvitesBy = db.prepare('UPDATE invites SET used_at = ? WHERE site_id = ? AND created_by = ? AND used_at IS NULL');
  const owners = db.prepare<[string], Row>("SELECT count(*) AS n FROM site_members WHERE site_id = ? AND role = 'owner'");
  const insertInvite = db.prepare(
    'INSERT INTO invites (token_hash, email, site_id, role, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const liveInvite = db.prepare<[string, number], Row>('SELECT * FROM invites WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?');
  const liveInvites = db.prepare<[string, number], Row>(
    'SELECT * FROM invites WHERE site_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY created_at DESC',
  );
  const useInvite = db.prepare('UPDATE invites SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?');

  const deleteInvite = db.prepare('DELETE FROM invites WHERE token_hash = ?');

  const withdrawInvite = db.transaction((siteId: string, inviteId: string, audit?: (invite: ListedInvite) => NewAuditEntry) => {
    const row = liveInvites.all(siteId, clock()).find((r) => toListedInvite(r).id === inviteId);
    if (!row) return null;
    const invite = toListedInvite(row);
    deleteInvite.run(row.token_hash);
    if (audit) writeAudit(audit(invite));
    return invite;
  });

  const changeMember = db.transaction(
    (siteId: string, accountId: string, next: SiteRole | null, audit?: (before: SiteRole) => NewAuditEntry) => {
      const before = role.get(accountId, siteId)?.role as SiteRole | undefined;
      if (!before) return 'NOT_FOUND' as const;
      // a site keeps at least one owner (docs/console.md)
      if (before === 'owner' && next !== 'owner' && Number(owners.get(siteId)!.n) <= 1) return 'LAST_OWNER' as const;
      if (next === null) deleteMember.run(siteId, accountId);
      else updateMember.run(next, siteId, accountId);
      // the invitations a member made as an owner end when they stop being one (docs/console.md)
      if (next !== 'owner') endInvitesBy.run(clock(), siteId, accountId);
      // and the preview keys they made end when they can no longer edit (docs/console.md)
      if (next !== 'owner' && next !== 'editor') deletePreviewKeysBy.run(siteId, accountId);
      if (audit) writeAudit(audit(before));
      return { before };
    },
  );

  const acceptInvite = db.transaction(
    (token: string, passwordHash: string | null, audit?: (accepted: { account: Account; invite: InviteRecord }) => NewAuditEntry) => {
      const hash = hashConsoleToken(token);
      const t = clock();
      const row = liveInvite.get(hash, t);
      if (!row) return null;
      const invite: InviteRecord = toInvite(row);
      const existing = byEmail.get(emailKey(invite.email));
      if (!existing && passwordHash === null) return null;
      // decided here, in the transaction: an account made since the route looked is not given a site invitation's password
      if (existing && invite.siteId && passwordHash !== null) return 'ACCOUNT_EXISTS' as const;
      useInvite.run(t, hash, t);
      let accountId: string;
      if (existing) {
        accountId = String(existing.id);
        if (passwordHash !== null) {
          updateHash.run(passwordHash, now(), accountId);
          endSessions.run(accountId);
        }
      } else {
        accountId = `acct_${randomUUID()}`;
        const at = now();
        insertAccount.run(accountId, invite.email, emailKey(invite.email), passwordHash, at, at);
      }
      if (invite.siteId && invite.role) insertMemberIfNone.run(invite.siteId, accountId, invite.role, now());
      const { passwordHash: _, ...account } = toAccount(byId.get(accountId)!);
      if (audit) writeAudit(audit({ account, invite }));
      return { account, invite };
    },
  );

  const createInvite = db.transaction((input: InviteRecord & { token: string }, audit?: NewAuditEntry) => {
    insertInvite.run(hashConsoleToken(input.token), input.email, input.siteId, input.role, input.createdBy, now(), input.expiresAt);
    if (audit) writeAudit(audit);
  });

  return {
    findAccountByEmail(email) {
      const r = byEmail.get(emailKey(email));
      return r ? toAccount(r) : null;
    },
    getAccount(id) {
      const r = byId.get(id);
      return r ? toAccount(r) : null;
    },
    rehashPassword(accountId, from, to) {
      rehash.run(to, accountId, from);
    },
    siteRoles: (accountId) => roles.all(accountId).map((r) => ({ siteId: String(r.site_id), role: r.role as SiteRole })),
    siteRole: (accountId, siteId) => (role.get(accountId, siteId)?.role as SiteRole | undefined) ?? null,
    listMembers: (siteId) => members.all(siteId).map(toMember),
    addMember(siteId, accountId, r) {
      upsertMember.run(siteId, accountId, r, now());
    },
    changeMember: (siteId, accountId, r, audit) => changeMember(siteId, accountId, r, audit),
    createInvite: (input, audit) => createInvite(input, audit),
    findInvite(token) {
      const r = liveInvite.get(hashConsoleToken(token), clock());
      return r ? toInvite(r) : null;
    },
    listInvites: (siteId) => liveInvites.all(siteId, clock()).map(toListedInvite),
    withdrawInvite: (siteId, inviteId, audit) => withdrawInvite(siteId, inviteId, audit),
    acceptInvite: (token, passwordHash, audit) => acceptInvite(token, passwordHash, audit),
  };
}
