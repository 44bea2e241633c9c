import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The request's MikroORM context (app.ts creates one per request), typed for PostgreSQL so raw SQL is at hand. */
export const requestEntityManager = (): EntityManager => RequestContext.getEntityManager() as EntityManager;
