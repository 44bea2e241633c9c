import type { Express } from 'express';
import { ROUTE_CONTRACT, type ContractMiddleware, type Schemas } from '../http/validate';

/** One mounted route: its method, its full Express path (`/api/v1/:g/...`) and its contract. */
export type MountedRoute = { method: 'get' | 'post' | 'put' | 'patch' | 'delete'; path: string; contract?: Schemas };

type Layer = {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean>; stack: Layer[] };
  handle?: { stack?: Layer[] } & Partial<ContractMiddleware>;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * The route table read from the app itself (Express 5 keeps each layer's path), so the OpenAPI
 * document, its completeness test and the tenancy matrix see exactly what is mounted — nothing
 * listed by hand can fall behind. The SPA fallback (`/{*path}`) is the web app, not the API.
 */
export function mountedRoutes(app: Express): MountedRoute[] {
  const routes: MountedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = prefix + layer.route.path;
        if (path.includes('{*')) continue;
        const contract = layer.route.stack.map((inner) => inner.handle?.[ROUTE_CONTRACT]).find(Boolean);
        for (const method of Object.keys(layer.route.methods)) {
          if (METHODS.has(method)) routes.push({ method: method as MountedRoute['method'], path, contract });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  // The first of two identical mounts wins in Express; list it once.
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `/api/v1/:g/trainers/:id` → `/api/v1/{g}/trainers/{id}` (OpenAPI's form). */
export const openApiPath = (expressPath: string) => expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** The names of a path's parameters, in order. */
export const pathParamNames = (expressPath: string) => [...expressPath.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
