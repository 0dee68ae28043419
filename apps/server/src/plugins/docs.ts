// The OpenAPI document, generated from the contract's zod schemas as the routes register, and Swagger UI:
// /api/docs (UI) and /api/docs/json.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export async function setupDocs(app: FastifyInstance, options: { version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cartela API',
        description:
          'Bingo hall management. Errors are `{ message, code }`; money is ETB with at most 2 decimals. ' +
          'Sign in with POST /api/auth/login (admins, agents) or POST /api/super-agents/login, then send ' +
          '`Authorization: Bearer <token>`.',
        version: options.version,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
