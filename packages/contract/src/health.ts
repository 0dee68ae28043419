// Whether the server is up and reaches its database: for load balancers and probes, so public and cheap. The
// health module serves it.
import { z } from 'zod';
import { defineRoute } from './route.js';

export const HealthResponse = z
  .object({
    status: z.enum(['ok', 'error']),
    database: z.enum(['up', 'down']),
    databaseKind: z.enum(['pglite', 'postgres']),
    version: z.string(),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const healthRoutes = {
  check: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database reachability',
    access: 'public',
    response: HealthResponse,
  }),
} as const;
