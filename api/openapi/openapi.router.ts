import { Router, type Express } from 'express';
import swaggerUi from 'swagger-ui-express';
import { z } from 'zod';
import { validate } from '../http/validate';
import { buildOpenApiDocument } from './document';

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (its API reference, rendered by
 * Swagger UI from swagger-ui-dist, served from here: no CDN, same-origin scripts under the CSP).
 * Both without log-in. The document is generated once, on first request, from the finished app.
 */
export function createOpenApiRouter({ app }: { app: () => Express }) {
  const router = Router();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;

  router.get(
    '/openapi.json',
    validate({ access: 'public', summary: 'This OpenAPI 3.1 document.', response: z.object({ openapi: z.string() }).passthrough() }),
    (_req, res) => {
      document ??= buildOpenApiDocument(app());
      res.json(document);
    },
  );

  router.use('/docs', swaggerUi.serveFiles(undefined, { swaggerUrl: '/api/openapi.json' }));
  router.get(
    '/docs',
    validate({ access: 'public', summary: 'The API reference (HTML).', produces: 'text/html', response: z.string() }),
    swaggerUi.setup(undefined, { swaggerUrl: '/api/openapi.json', customSiteTitle: 'TrainerPay API', swaggerOptions: { persistAuthorization: false, tagsSorter: 'alpha', docExpansion: 'none' } }),
  );
  return router;
}
