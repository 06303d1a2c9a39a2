/**
 * A site's members and invitations (docs/console.md "HTTP API"), for its owners: `GET`/`POST sites/:id/members`,
 * `PATCH`/`DELETE sites/:id/members/:accountId`, `DELETE sites/:id/invites/:inviteId`. A site keeps at least one owner.
 */
import type { FastifyInstance } from 'fastify';
import type { SiteRole } from '../storage/types';
import { actorOf } from './auth-routes';
import { type ConsoleContext, inviteLinkFor } from './context';
import { ConsoleError, invalid, notFound } from './errors';
import { INVITE_TTL_MS } from './limits';
import { newSecret, requireSiteRole, signedIn } from './session';

/** The roles one may be given (docs/console.md "People, roles and what each may do"). */
export const SITE_ROLES: readonly SiteRole[] = ['owner', 'editor', 'viewer', 'adviser'];

const siteParams = { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } } as const;
const memberParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 }, accountId: { type: 'string', maxLength: 100 } },
} as const;
const inviteParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 }, inviteId: { type: 'string', maxLength: 100 } },
} as const;
const roleSchema = { type: 'string', maxLength: 20 } as const;

/**
 * Whether `email` is an email address as RFC 5321 bounds it (254 characters), with one '@', a dot in its domain and no
 * spaces or control characters (U+0000 included: PostgreSQL's text cannot hold it).
 */
export const isEmail = (email: string) => email.length <= 254 && /^[^\s@\p{Cc}]{1,64}@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u.test(email);

/** A role from a body; 400 INVALID naming the roles allowed otherwise. */
function roleFrom(value: unknown): SiteRole {
  if (typeof value !== 'string' || !SITE_ROLES.includes(value as SiteRole)) throw invalid('role', 'Not a role.', SITE_ROLES);
  return value as SiteRole;
}

export function registerMemberRoutes(api: FastifyInstance, c: ConsoleContext): void {
  const lastOwner = () => new ConsoleError(409, 'CONFLICT', 'A site keeps at least one owner: make someone else its owner first.');

  api.get<{ Params: { id: string } }>('/sites/:id/members', { schema: { params: siteParams } }, async (req) => {
    const { site } = await requireSiteRole(req, req.params.id, 'owner');
    const members = (await c.storage.listMembers(site.id)).map((m) => ({
      accountId: m.accountId,
      email: m.email,
      role: m.role,
      invitePending: false,
    }));
    const invites = (await c.storage.listInvites(site.id)).map((i) => ({
      inviteId: i.id,
      email: i.email,
      role: i.role,
      invitePending: true,
      expiresAt: new Date(i.expiresAt).toISOString(),
    }));
    return [...members, ...invites];
  });

  api.post<{ Params: { id: string }; Body: { email: string; role: string } }>(
    '/sites/:id/members',
    {
      schema: {
        params: siteParams,
        body: { type: 'object', required: ['email', 'role'], properties: { email: { type: 'string', maxLength: 320 }, role: roleSchema } },
      },
      config: { consoleSensitive: true },
    },
    async (req, reply) => {
      const { site } = await requireSiteRole(req, req.params.id, 'owner');
      const email = req.body.email.trim();
      if (!isEmail(email)) throw invalid('email', 'Not an email address.', 'an email address');
      const role = roleFrom(req.body.role);
      const session = signedIn(req);
      const token = newSecret();
      const expiresAt = c.now() + INVITE_TTL_MS;
      await c.storage.createInvite(
        { token, email, siteId: site.id, role, createdBy: session.accountId, expiresAt },
        {
          siteId: site.id,
          actor: actorOf({ id: session.accountId, email: session.email }),
          action: 'member.invite',
          before: null,
          after: { email, role },
        },
      );
      return reply.code(201).send({ inviteLink: inviteLinkFor(req, token), expiresAt: new Date(expiresAt).toISOString() });
    },
  );

  api.patch<{ Params: { id: string; accountId: string }; Body: { role: string } }>(
    '/sites/:id/members/:accountId',
    {
      schema: { params: memberParams, body: { type: 'object', required: ['role'], properties: { role: roleSchema } } },
      config: { consoleSensitive: true },
    },
    async (req) => {
      const { site } = await requireSiteRole(req, req.params.id, 'owner');
      const role = roleFrom(req.body.role);
      const member = (await c.storage.listMembers(site.id)).find((m) => m.accountId === req.params.accountId);
      if (!member) throw notFound();
      const session = signedIn(req);
      const changed = await c.storage.changeMember(site.id, member.accountId, role, (before) => ({
        siteId: site.id,
        actor: actorOf({ id: session.accountId, email: session.email }),
        action: 'member.role',
        before: { accountId: member.accountId, email: member.email, role: before },
        after: { accountId: member.accountId, email: member.email, role },
      }));
      if (changed === 'NOT_FOUND') throw notFound();
      if (changed === 'LAST_OWNER') throw lastOwner();
      return { accountId: member.accountId, email: member.email, role };
    },
  );

  api.delete<{ Params: { id: string; accountId: string } }>(
    '/sites/:id/members/:accountId',
    { schema: { params: memberParams }, config: { consoleSensitive: true } },
    async (req, reply) => {
      const { site } = await requireSiteRole(req, req.params.id, 'owner');
      const member = (await c.storage.listMembers(site.id)).find((m) => m.accountId === req.params.accountId);
      if (!member) throw notFound();
      const session = signedIn(req);
      const changed = await c.storage.changeMember(site.id, member.accountId, null, (before) => ({
        siteId: site.id,
        actor: actorOf({ id: session.accountId, email: session.email }),
        action: 'member.remove',
        before: { accountId: member.accountId, email: member.email, role: before },
        after: null,
      }));
      if (changed === 'NOT_FOUND') throw notFound();
      if (changed === 'LAST_OWNER') throw lastOwner();
      return reply.code(204).send();
    },
  );

  api.delete<{ Params: { id: string; inviteId: string } }>(
    '/sites/:id/invites/:inviteId',
    { schema: { params: inviteParams }, config: { consoleSensitive: true } },
    async (req, reply) => {
      const { site } = await requireSiteRole(req, req.params.id, 'owner');
      const session = signedIn(req);
      // another site's invitation, a used or expired one and a made-up id are all the same 404
      const withdrawn = await c.storage.withdrawInvite(site.id, req.params.inviteId, (invite) => ({
        siteId: site.id,
        actor: actorOf({ id: session.accountId, email: session.email }),
        action: 'member.invite.withdraw',
        before: { email: invite.email, role: invite.role, expiresAt: new Date(invite.expiresAt).toISOString() },
        after: null,
      }));
      if (!withdrawn) throw notFound();
      return reply.code(204).send();
    },
  );
}
