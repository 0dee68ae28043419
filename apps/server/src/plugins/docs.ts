// The OpenAPI document (/api/docs/json) and Swagger UI (/api/docs), generated from the contract's zod schemas
// of the routes registered with registerRoute.
//
// Swagger, Swagger UI and the zod-to-JSON-schema code cost ~80 ms at start, for a page nobody opens during a
// game. So the docs live in a small Fastify instance of their own, built on the first /api/docs request from
// the same route definitions, and the main app hands those requests to it. docs/decisions/024-fast-paths.md
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, ZOD_COMPILERS } from './errors.js';

const DESCRIPTION =
  'Bingo hall management. Errors are `{ message, code }`; money is ETB with at most 2 decimals. ' +
  'Sign in with POST /api/auth/login (admins, agents) or POST /api/super-agents/login, then send ' +
  '`Authorization: Bearer <token>`.';

/** Headers of the docs instance's answers worth passing on (not its security headers: the app sets its own). */
const PASSED_HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'last-modified',
  'location',
  'content-encoding',
];

interface DocumentedRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema: RouteOptions['schema'];
}

async function buildDocsApp(routes: readonly DocumentedRoute[], version: string): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }, zodProvider] = await Promise.all(
    [
      import('fastify'),
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
      import('fastify-type-provider-zod'),
    ],
  );
  const docs = Fastify({ logger: false, schemaController: ZOD_COMPILERS });
  docs.setValidatorCompiler(validatorCompiler);
  docs.setSerializerCompiler(serializerCompiler);
  await docs.register(swagger, {
    openapi: {
      info: { title: 'Cartela API', description: DESCRIPTION, version },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: zodProvider.jsonSchemaTransform,
    transformObject: zodProvider.jsonSchemaTransformObject,
  });
  await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  for (const route of routes) {
    docs.route({ method: route.method, url: route.url, schema: route.schema, handler: async () => ({}) });
  }
  await docs.ready();
  return docs;
}

/** Call before the routes are registered: it notes every route declared with registerRoute (it has `access`). */
export function setupDocs(app: FastifyInstance, options: { version: string }): void {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    // GET routes come with a HEAD twin, which the docs instance makes by itself.
    if (route.config?.access && route.method !== 'HEAD')
      routes.push({ method: route.method, url: route.url, schema: route.schema });
  });
  let docs: Promise<FastifyInstance> | null = null;
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= buildDocsApp(routes, options.version);
    let instance: FastifyInstance;
    try {
      instance = await docs;
    } catch (err) {
      docs = null; // try again next time
      throw err;
    }
    const res = await instance.inject({ method: request.method as 'GET' | 'HEAD', url: request.url });
    for (const name of PASSED_HEADERS) {
      const value = res.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  app.addHook('onClose', async () => {
    if (docs) await (await docs.catch(() => null))?.close();
  });
  app.get('/api/docs', forward);
  app.get('/api/docs/*', forward);
}
