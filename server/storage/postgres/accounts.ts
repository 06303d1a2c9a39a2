/** The operator console's accounts, site members and invitations on PostgreSQL. */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { emailKey, hashConsoleToken, now, toAccount, toInvite, toListedInvite, toMember } from '../records';
import type { AccountStorage, MemberChange, SiteRole } from '../types';
import { insertAudit } from './audit';
import { all, one, sql, transaction } from './db';

const Q = {
  byEmail: sql('account_by_email', 'SELECT * FROM accounts WHERE email_key = $1'),
  byId: sql('account_by_id', 'SELECT * FROM accounts WHERE id = $1'),
  // nothing when the email has an account (made at once by another invitation): the caller rolls back
  insertAccount: sql(
    'account_insert',
    'INSERT INTO accounts (id, email, email_key, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (email_key) DO NOTHING RETURNING id',
  ),
  updateHash: sql('account_update_hash', 'UPDATE accounts SET password_hash = $2, updated_at = $3 WHERE id = $1'),
  rehash: sql('account_rehash', 'UPDATE accounts SET password_hash = $3 WHERE id = $1 AND password_hash = $2'),
  endSessions: sql('account_end_sessions', 'DELETE FROM console_sessions WHERE account_id = $1'),
  roles: sql('member_roles', 'SELECT site_id, role FROM site_members WHERE account_id = $1 ORDER BY created_at'),
  role: sql('member_role', 'SELECT role FROM site_members WHERE account_id = $1 AND site_id = $2'),
  members: sql(
    'members',
    'SELECT m.site_id, m.account_id, m.role, a.email FROM site_members m JOIN accounts a ON a.id = m.account_id WHERE m.site_id = $1 ORDER BY a.email_key',
  ),
  upsertMember: sql(
    'member_upsert',
    'INSERT INTO site_members (site_id, account_id, role, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (site_id, account_id) DO UPDATE SET role = excluded.role',
  ),
  insertMemberIfNone: sql(
    'member_insert_if_none',
    'INSERT INTO site_members (site_id, account_id, role, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (site_id, account_id) DO NOTHING',
  ),
  // a site's member rows, locked: two owners changing each other at once are taken one after the other, so that
  // the site cannot end without an owner
  lockMembers: sql('members_lock', 'SELECT account_id, role FROM site_members WHERE site_id = $1 ORDER BY account_id FOR UPDATE'),
  updateMember: sql('member_update', 'UPDATE site_members SET role = $3 WHERE site_id = $1 AND account_id = $2'),
  deleteMember: sql('member_delete', 'DELETE FROM site_members WHERE site_id = $1 AND account_id = $2'),
  // an invitation is ended by marking it used (its row stays, as a used one's does)
  deletePreviewKeysBy: sql('preview_keys_delete_by', 'DELETE FROM preview_keys WHERE site_id = $1 AND created_by = $2'),
  endInvitesBy: sql('invites_end_by', 'UPDATE invites SET used_at = $3 WHERE site_id = $1 AND created_by = $2 AND used_at IS NULL'),
  insertInvite: sql(
    'invite_insert',
    'INSERT INTO invites (token_hash, email, site_id, role, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
  ),
  liveInvite: sql('invite_live', 'SELECT * FROM invites WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2'),
  liveInvites: sql(
    'invites_live',
    'SELECT * FROM invites WHERE site_id = $1 AND used_at IS NULL AND expires_at > $2 ORDER BY created_at DESC',
  ),
  // locked while one is withdrawn, so that it is either accepted or withdrawn, never both
  lockLiveInvites: sql('invites_live_lock', 'SELECT * FROM invites WHERE site_id = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE'),
  deleteInvite: sql('invite_delete', 'DELETE FROM invites WHERE token_hash = $1'),
  // taken in one statement, so that an invitation used twice at once is used once
  useInvite: sql('invite_use', 'UPDATE invites SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING *'),
};

/** The account methods of the storage; `clock` is the storage's clock (invitations' expiry). */
export function postgresAccounts(pool: pg.Pool, clock: () => number): AccountStorage {
  return {
    async findAccountByEmail(email) {
      const r = await one(pool, Q.byEmail([emailKey(email)]));
      return r ? toAccount(r) : null;
    },
    async getAccount(id) {
      const r = await one(pool, Q.byId([id]));
      return r ? toAccount(r) : null;
    },
    async rehashPassword(accountId, from, to) {
      await pool.query(Q.rehash([accountId, from, to]));
    },
    siteRoles: async (accountId) =>
      (await all(pool, Q.roles([accountId]))).map((r) => ({ siteId: String(r.site_id), role: r.role as SiteRole })),
    siteRole: async (accountId, siteId) => ((await one(pool, Q.role([accountId, siteId])))?.role as SiteRole | undefined) ?? null,
    listMembers: async (siteId) => (await all(pool, Q.members([siteId]))).map(toMember),
    async addMember(siteId, accountId, role) {
      await pool.query(Q.upsertMember([siteId, accountId, role, now()]));
    },
    changeMember: (siteId, accountId, next, audit) =>
      transaction(pool, async (db): Promise<MemberChange> => {
        const rows = await all(db, Q.lockMembers([siteId]));
        const before = rows.find((r) => r.account_id === accountId)?.role as SiteRole | undefined;
        if (!before) return 'NOT_FOUND';
        // a site keeps at least one owner (docs/console.md)
        if (before === 'owner' && next !== 'owner' && rows.filter((r) => r.role === 'owner').length <= 1) return 'LAST_OWNER';
        await db.query(next === null ? Q.deleteMember([siteId, accountId]) : Q.updateMember([siteId, accountId, next]));
        // the invitations a member made as an owner end when they stop being one (docs/console.md)
        if (next !== 'owner') await db.query(Q.endInvitesBy([siteId, accountId, clock()]));
        // and the preview keys they made end when they can no longer edit (docs/console.md)
        if (next !== 'owner' && next !== 'editor') await db.query(Q.deletePreviewKeysBy([siteId, accountId]));
        if (audit) await insertAudit(db, audit(before));
        return { before };
      }),
    createInvite: (input, audit) =>
      transaction(pool, async (db) => {
        await db.query(
          Q.insertInvite([hashConsoleToken(input.token), input.email, input.siteId, input.role, input.createdBy, now(), input.expiresAt]),
        );
        if (audit) await insertAudit(db, audit);
      }),
    async findInvite(token) {
      const r = await one(pool, Q.liveInvite([hashConsoleToken(token), clock()]));
      return r ? toInvite(r) : null;
    },
    listInvites: async (siteId) => (await all(pool, Q.liveInvites([siteId, clock()]))).map(toListedInvite),
    withdrawInvite: (siteId, inviteId, audit) =>
      transaction(pool, async (db) => {
        const row = (await all(db, Q.lockLiveInvites([siteId, clock()]))).find((r) => toListedInvite(r).id === inviteId);
        if (!row) return null;
        const invite = toListedInvite(row);
        await db.query(Q.deleteInvite([row.token_hash]));
        if (audit) await insertAudit(db, audit(invite));
        return invite;
      }),
    acceptInvite: (token, passwordHash, audit) =>
      rolledBackIfExists(
        transaction(pool, async (db) => {
          const hash = hashConsoleToken(token);
          const live = await one(db, Q.liveInvite([hash, clock()]));
          if (!live) return null;
          const existing = await one(db, Q.byEmail([emailKey(String(live.email))]));
          if (!existing && passwordHash === null) return null;
          // decided here, in the transaction: an account made since the route looked is not given a site invitation's password
          if (existing && live.site_id !== null && passwordHash !== null) return 'ACCOUNT_EXISTS' as const;
          const used = await one(db, Q.useInvite([hash, clock()]));
          if (!used) return null;
          const invite = toInvite(used);
          let accountId: string;
          if (existing) {
            accountId = String(existing.id);
            if (passwordHash !== null) {
              await db.query(Q.updateHash([accountId, passwordHash, now()]));
              await db.query(Q.endSessions([accountId]));
            }
          } else {
            accountId = `acct_${randomUUID()}`;
            // two invitations of one email accepted at once: the second's insert waits for the first and inserts
            // nothing, and its transaction (with its use of the invitation) rolls back
            if (!(await one(db, Q.insertAccount([accountId, invite.email, emailKey(invite.email), passwordHash, now()])))) {
              throw new AccountExists();
            }
          }
          if (invite.siteId && invite.role) await db.query(Q.insertMemberIfNone([invite.siteId, accountId, invite.role, now()]));
          const { passwordHash: _, ...account } = toAccount((await one(db, Q.byId([accountId])))!);
          if (audit) await insertAudit(db, audit({ account, invite }));
          return { account, invite };
        }),
      ),
  };
}

/** Thrown in a transaction to roll it back when an account was made at once by another invitation. */
class AccountExists extends Error {}

/** The transaction's result, or 'ACCOUNT_EXISTS' when it threw {@link AccountExists} (and was rolled back). */
async function rolledBackIfExists<T>(work: Promise<T>): Promise<T | 'ACCOUNT_EXISTS'> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AccountExists) return 'ACCOUNT_EXISTS';
    throw err;
  }
}
