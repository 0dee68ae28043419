// Voice packs: thin handlers over the service. The upload reads the zip as the raw request body (a parser for
// zip content types, in this module's own scope so no other route accepts one), at most VOICE_PACK_ZIP_MAX_BYTES.
import { VOICE_PACK_ZIP_MAX_BYTES, VOICE_PACK_ZIP_TYPES, voicePackRoutes } from '@cartela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { registerRoute } from '../../route.js';
import type { VoicePacksService } from './service.js';

const zipTooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The zip is larger than ${VOICE_PACK_ZIP_MAX_BYTES / (1024 * 1024)} MB: a voice pack is at most ${VOICE_PACK_ZIP_MAX_BYTES / (1024 * 1024)} MB zipped`,
  );

/**
 * Reads the body into one buffer, refusing it (413) as soon as it passes the limit, or at once by its length.
 * With a Content-Length (what browsers send) the buffer is allocated once and each chunk copied in as it
 * arrives: the zip is held once, not once in pieces and again joined.
 */
function readZipBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (err: Error | null, body?: Buffer) => void,
): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > VOICE_PACK_ZIP_MAX_BYTES) {
    done(zipTooLarge());
    return;
  }
  const whole = Number.isSafeInteger(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
  };
  const onData = (chunk: Buffer) => {
    if (size + chunk.length > VOICE_PACK_ZIP_MAX_BYTES) {
      stop();
      done(zipTooLarge());
      return;
    }
    if (whole && size + chunk.length > whole.length) {
      // Node's HTTP parser never lets that happen; a copy past the end would be cut silently.
      stop();
      done(new AppError('VALIDATION_FAILED', 'The body is longer than its Content-Length'));
      return;
    }
    if (whole) chunk.copy(whole, size);
    else chunks.push(chunk);
    size += chunk.length;
  };
  const onEnd = () => {
    stop();
    done(null, whole ? whole.subarray(0, size) : Buffer.concat(chunks, size));
  };
  const onError = (err: Error) => {
    stop();
    done(err);
  };
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}

/** Whether an If-None-Match header names this ETag (weak or strong, one of a list, or '*'). */
const matches = (header: string | undefined, etag: string) =>
  (header ?? '').split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

export async function registerVoicePackRoutes(
  app: FastifyInstance,
  service: VoicePacksService,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser([...VOICE_PACK_ZIP_TYPES], readZipBody);
    registerRoute(scope, voicePackRoutes.upload, ({ request, query }) => service.upload(request.body, query));
  });
  registerRoute(app, voicePackRoutes.list, () => service.list());
  registerRoute(app, voicePackRoutes.get, ({ params }) => service.get(params.id));
  registerRoute(app, voicePackRoutes.update, ({ params, body }) => service.update(params.id, body));
  registerRoute(app, voicePackRoutes.remove, ({ params }) => service.remove(params.id));
  registerRoute(app, voicePackRoutes.available, ({ user }) => service.available(user));
  registerRoute(app, voicePackRoutes.select, ({ user, body }) => service.select(user, body));
  registerRoute(app, voicePackRoutes.file, async ({ user, params, request, reply }) => {
    const file = await service.file(user, params.id, params['*']);
    const etag = `"${file.sha256}"`;
    // Private: a pack is offered to some agents only. no-cache: kept, but checked again each time (the ETag
    // makes that a 304), because the address does not change with the pack's version.
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply
      .type(file.mime)
      .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
  });
}
