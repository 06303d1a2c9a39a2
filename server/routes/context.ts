/** What every area's routes share: the services, the bearer guard and the links to stored files. */
import type { FastifyRequest } from 'fastify';
import type { ApiServices } from '../api-services';
import { bearerGuard, type BearerGuard } from './auth-guard';
import { ownOrigin } from './origins';

/** The shared pieces each area's `register…Routes` receives. */
export interface RouteContext {
  services: ApiServices;
  /** The preHandler of every bearer-token route. */
  authenticate: BearerGuard;
  /** The public URL of a stored file (`/files/{id}/{name}`); '' when there is none. */
  fileUrl: (req: FastifyRequest, fileId: string | null, filename: string | null) => string;
}

/** The route context for `services`. */
export function createRouteContext(services: ApiServices): RouteContext {
  const publicBase = (req: FastifyRequest) => services.publicUrl ?? `${ownOrigin(req)}/`;
  return {
    services,
    authenticate: bearerGuard(services.storage, services.tokens),
    fileUrl: (req, fileId, filename) => (fileId && filename ? `${publicBase(req)}files/${fileId}/${encodeURIComponent(filename)}` : ''),
  };
}
