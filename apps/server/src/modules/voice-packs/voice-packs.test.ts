// API tests of custom voice packs (decision 049): who may call what, the upload and its report, every kind of
// bad zip refused with nothing stored, offers, the agent's choice and its fallback, the files route.

import { Readable } from 'node:stream';
import {
  type AvailableVoicePacksResponse,
  type RouteDef,
  SPECIAL_SOUNDS,
  VOICE_MIN_BYTES,
  VOICE_PACK_FILES,
  type VoicePack,
  type VoicePackUploadResponse,
  voicePackRoutes,
} from '@cartela/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { type Zippable, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn, tokenCaller, useTestApp } from '../../test/fixtures.js';
import { bearer } from '../../test/helpers.js';

/** An MP3 as far as the header check goes: an ID3v2.4 tag header, then `fill` up to `size` bytes. */
function fakeMp3(size = VOICE_MIN_BYTES, fill = 0x55): Uint8Array {
  const data = new Uint8Array(size).fill(fill);
  data.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  return data;
}

/** An M4A as far as the header check goes: an 'ftyp' box with the M4A brand, then `fill` up to `size` bytes. */
function fakeM4a(size = VOICE_MIN_BYTES, fill = 0x55): Uint8Array {
  const data = new Uint8Array(size).fill(fill);
  data.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41, 0x20]);
  return data;
}

/** A file of the pack by its path: an m4a or an mp3 of at least VOICE_MIN_BYTES. */
const fakeVoice = (path: string, size = VOICE_MIN_BYTES + 100) =>
  path.endsWith('.m4a') ? fakeM4a(size) : fakeMp3(size);

/** Every file of a complete pack, each as `fakeVoice` makes it, keyed by path (add, drop or replace some). */
function packFiles(): Record<string, Uint8Array> {
  return Object.fromEntries(VOICE_PACK_FILES.map((p) => [p, fakeVoice(p)]));
}

/** The paths of the special sounds. */
const SPECIAL_PATHS = SPECIAL_SOUNDS.map((s) => s.file);

/** The files zipped (deflated); `folder` wraps them all in one top folder. */
function zipOf(files: Record<string, Uint8Array>, folder = ''): Buffer {
  const entries: Zippable = {};
  for (const [path, data] of Object.entries(files)) entries[`${folder}${path}`] = data;
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/**
 * Makes the zip state `declared` as every entry's unpacked size (in the local headers and the central directory):
 * a bomb that lies about what it holds.
 */
function withDeclaredSize(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(declared, i + 22);
    else if (sig === 0x02014b50) out.writeUInt32LE(declared, i + 24);
  }
  return out;
}

const t = useTestApp();
let adminToken: string;
let agentToken: string;
let otherAgentToken: string;
let superAgentToken: string;
let agentId: string;
let otherAgentId: string;

beforeAll(async () => {
  const [admin, agent, otherAgent, superAgent] = await Promise.all([
    signedIn(t, 'admin'),
    signedIn(t, 'agent'),
    signedIn(t, 'agent'),
    signedIn(t, 'super-agent'),
  ]);
  adminToken = admin.token;
  agentToken = agent.token;
  otherAgentToken = otherAgent.token;
  superAgentToken = superAgent.token;
  agentId = agent.user.id;
  otherAgentId = otherAgent.user.id;
});

let names = 0;
const uniqueName = () => `Caller ${++names} ${Math.random().toString(36).slice(2, 6)}`;

const byToken = tokenCaller(t);
const call = (token: string | null, method: RouteDef['method'], url: string, payload?: unknown) =>
  byToken(method, url, token, payload);

function upload(
  zip: Buffer,
  options: { name?: string; language?: string; token?: string | null; type?: string } = {},
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams({
    name: options.name ?? uniqueName(),
    language: options.language ?? 'am',
  });
  const token = options.token === undefined ? adminToken : options.token;
  return t.app.inject({
    method: 'POST',
    url: `/api/voice-packs?${query}`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': options.type ?? 'application/zip' },
    payload: zip,
  });
}

async function uploaded(zip = zipOf(packFiles()), name?: string): Promise<VoicePackUploadResponse> {
  const res = await upload(zip, name ? { name } : {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** How many rows each voice pack table holds: equal before and after means a request stored nothing. */
async function storedRows() {
  const result = await t.database.db.execute(sql`
    SELECT (SELECT count(*)::int FROM voice_packs) AS packs, (SELECT count(*)::int FROM voice_pack_files) AS files,
           (SELECT count(*)::int FROM voice_pack_offers) AS offers`);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

async function expectRefused(zip: Buffer, status: number, message: RegExp) {
  const before = await storedRows();
  const res = await upload(zip);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(message);
  expect(await storedRows()).toEqual(before);
}

const available = async (token: string) =>
  (await call(token, 'GET', '/api/voice-packs/available')).json() as AvailableVoicePacksResponse;
const fileUrl = (id: string, path: string) => `/api/voice-packs/${id}/files/${path}`;

describe('who may call the voice pack routes', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const adminRoutes: [RouteDef, string, unknown?][] = [
    [voicePackRoutes.list, '/api/voice-packs'],
    [voicePackRoutes.get, `/api/voice-packs/${id}`],
    [voicePackRoutes.update, `/api/voice-packs/${id}`, { isActive: false }],
    [voicePackRoutes.remove, `/api/voice-packs/${id}`],
  ];
  const agentRoutes: [RouteDef, string, unknown?][] = [
    [voicePackRoutes.available, '/api/voice-packs/available'],
    [voicePackRoutes.select, '/api/voice-packs/selected', { packId: 'default-en' }],
  ];

  it('answers 401 without a token on every route', async () => {
    for (const [route, url, body] of [...adminRoutes, ...agentRoutes]) {
      expect((await call(null, route.method, url, body)).statusCode, url).toBe(401);
    }
    expect((await call(null, 'GET', fileUrl(id, 'b-voices/b1.mp3'))).statusCode).toBe(401);
    expect((await upload(zipOf({}), { token: null })).statusCode).toBe(401);
  });

  it('keeps uploading, listing, editing and deleting to the admin', async () => {
    for (const token of [agentToken, superAgentToken]) {
      for (const [route, url, body] of adminRoutes) {
        expect((await call(token, route.method, url, body)).statusCode, url).toBe(403);
      }
      expect((await upload(zipOf(packFiles()), { token })).statusCode).toBe(403);
    }
  });

  it('keeps the available packs and the choice to agents', async () => {
    for (const token of [adminToken, superAgentToken]) {
      for (const [route, url, body] of agentRoutes) {
        expect((await call(token, route.method, url, body)).statusCode, url).toBe(403);
      }
    }
    expect((await call(superAgentToken, 'GET', fileUrl(id, 'b-voices/b1.mp3'))).statusCode).toBe(403);
  });
});

describe('uploading a pack', () => {
  it('stores a complete pack, offered to every agent, and reports every file accepted', async () => {
    const name = uniqueName();
    const body = await uploaded(zipOf(packFiles()), name);
    expect(body.report).toEqual({ accepted: [...VOICE_PACK_FILES], missing: [], rejected: [] });
    expect(body.pack).toMatchObject({
      name,
      language: 'am',
      isActive: true,
      offeredTo: 'all',
      fileCount: VOICE_PACK_FILES.length,
      totalBytes: VOICE_PACK_FILES.length * (VOICE_MIN_BYTES + 100),
      missing: [],
    });
    expect(body.pack.version).toMatch(/^[0-9a-f]{16}$/);

    const list = (await call(adminToken, 'GET', '/api/voice-packs')).json().packs as VoicePack[];
    expect(list.find((p) => p.id === body.pack.id)).toEqual(body.pack);
    const detail = await call(adminToken, 'GET', `/api/voice-packs/${body.pack.id}`);
    expect(detail.json().files).toHaveLength(VOICE_PACK_FILES.length);
    expect(detail.json().files).toContainEqual({
      path: 'Goodbingo.m4a',
      size: VOICE_MIN_BYTES + 100,
      mime: 'audio/mp4',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('stores a pack without a few special sounds and reports what is missing and what was rejected', async () => {
    const files = packFiles();
    delete files['shuffling.mp3'];
    files['winning.mp3'] = fakeMp3(VOICE_MIN_BYTES - 1); // too small: corrupt for the voice manager
    files['game_end.m4a'] = fakeMp3(); // an mp3 under an m4a name
    files['readme.txt'] = new TextEncoder().encode('recorded by Abebe');
    // Zipping the folder wraps everything in it: tolerated; the case of a name is not held against it.
    files['B-Voices/B7.MP3'] = files['b-voices/b7.mp3'] as Uint8Array;
    delete files['b-voices/b7.mp3'];
    files['b-voices/B7.mp3'] = fakeMp3(); // the same file of the pack again
    const body = await uploaded(zipOf(files, 'My caller/'));
    expect(body.report.accepted).toHaveLength(VOICE_PACK_FILES.length - 3);
    expect(body.report.accepted).toContain('b-voices/b7.mp3');
    expect(body.report.missing).toEqual(['game_end.m4a', 'shuffling.mp3', 'winning.mp3']);
    expect(body.report.rejected).toEqual(
      expect.arrayContaining([
        { path: 'My caller/readme.txt', code: 'NOT_IN_PACK', reason: 'not a file of a voice pack' },
        {
          path: 'winning.mp3',
          code: 'TOO_SMALL',
          reason: '9,999 bytes: a voice file has at least 10,000',
          bytes: 9_999,
        },
        { path: 'game_end.m4a', code: 'NOT_M4A', reason: 'not M4A audio (no ftyp box)' },
        { path: 'My caller/b-voices/B7.mp3', code: 'DUPLICATE', reason: 'the zip holds this file twice' },
      ]),
    );
    expect(body.report.rejected).toHaveLength(4);
    expect(body.pack.missing).toEqual(['game_end.m4a', 'shuffling.mp3', 'winning.mp3']);
    expect(body.pack.fileCount).toBe(VOICE_PACK_FILES.length - 3);
  });

  it('accepts the content type Windows browsers give a zip', async () => {
    const res = await upload(zipOf(packFiles()), { type: 'application/x-zip-compressed' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a name that is taken (in any case) and an invalid language', async () => {
    const name = uniqueName();
    await uploaded(zipOf(packFiles()), name);
    const before = await storedRows();
    const taken = await upload(zipOf(packFiles()), { name: name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', field: 'name' });
    const language = await upload(zipOf(packFiles()), { language: 'Amharic!' });
    expect(language.statusCode).toBe(400);
    expect(language.json().field).toBe('language');
    expect(await storedRows()).toEqual(before);
  });

  it('refuses JSON and an empty body', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/voice-packs?name=x`,
      headers: bearer(adminToken),
      payload: { zip: 'no' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/application\/zip/);
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });
});

describe('a bad zip is refused with a clear message and nothing stored', () => {
  it('refuses a zip over 20 MB (413), by its length or as it arrives', async () => {
    await expectRefused(Buffer.alloc(20 * 1024 * 1024 + 1), 413, /larger than 20 MB/);
    // Sent in pieces without a length: counted as it arrives.
    const before = await storedRows();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/voice-packs?name=streamed',
      headers: { ...bearer(adminToken), 'content-type': 'application/zip' },
      payload: Readable.from(
        (function* () {
          for (let i = 0; i < 21; i++) yield Buffer.alloc(1024 * 1024);
        })(),
      ),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than 20 MB/);
    expect(await storedRows()).toEqual(before);
  });

  it('refuses what is not a zip', async () => {
    await expectRefused(Buffer.from(fakeMp3(20_000)), 400, /not a zip archive/);
  });

  it('refuses more than 200 entries', async () => {
    const files = packFiles();
    for (let i = 0; i < 120; i++) files[`extra/${i}.txt`] = new Uint8Array([i]);
    await expectRefused(zipOf(files), 400, /holds 206 entries; a voice pack has at most 200/);
  });

  it('refuses path traversal: "..", an absolute path, backslashes', async () => {
    for (const bad of [
      '../b-voices/b1.mp3',
      'b-voices/../../etc/passwd',
      '/etc/passwd',
      'b-voices\\b1.mp3',
    ]) {
      await expectRefused(zipOf({ ...packFiles(), [bad]: fakeMp3() }), 400, /unsafe path/);
    }
  });

  it('refuses a zip bomb: a file that unpacks past 1 MB, whether the zip says so or hides it', async () => {
    const bomb = { ...packFiles(), 'b-voices/b1.mp3': fakeMp3(50 * 1024 * 1024, 0) };
    const honest = zipOf(bomb);
    expect(honest.length).toBeLessThan(200_000);
    await expectRefused(honest, 413, /b-voices\/b1\.mp3 unpacks to more than 1 MB/);
    // Every entry claims 20,000 bytes: only counting while unpacking finds out.
    await expectRefused(withDeclaredSize(honest, 20_000), 413, /b-voices\/b1\.mp3 unpacks to more than 1 MB/);
  });

  it('refuses a pack that unpacks to more than 30 MB in all', async () => {
    const files = packFiles();
    for (const path of VOICE_PACK_FILES.slice(0, 31)) files[path] = fakeVoice(path, 1_000_000);
    await expectRefused(zipOf(files), 413, /unpacks to more than 30 MB/);
  });

  it('refuses files that are not audio: the pack would be incomplete', async () => {
    const text = new TextEncoder().encode('<html>not audio</html>'.repeat(1000));
    const files = Object.fromEntries(VOICE_PACK_FILES.map((p) => [p, text]));
    await expectRefused(zipOf(files), 400, /incomplete: 75 of the 75 number calls missing or rejected/);
  });

  it('refuses a pack missing a number call, or with fewer than 8 special sounds', async () => {
    const noB12 = packFiles();
    delete noB12['b-voices/b12.mp3'];
    await expectRefused(
      zipOf(noB12),
      400,
      /1 of the 75 number calls missing or rejected \(b-voices\/b12\.mp3\)/,
    );
    const fewSpecials = packFiles();
    for (const path of SPECIAL_PATHS.slice(0, 4)) delete fewSpecials[path];
    await expectRefused(zipOf(fewSpecials), 400, /7 special sounds, at least 8 are needed/);
  });
});

describe('offering a pack and an agent choosing it', () => {
  it('lists the three default packs first, then the custom packs offered to the agent', async () => {
    const { pack } = await uploaded();
    const mine = await available(agentToken);
    expect(mine.packs.slice(0, 3)).toEqual([
      {
        id: 'default-am',
        name: 'አማርኛ (Amharic)',
        language: 'am',
        kind: 'default',
        fileBase: '/assets/voices/',
        version: 'v1',
      },
      {
        id: 'default-en',
        name: 'English',
        language: 'en',
        kind: 'default',
        fileBase: '/assets/voices/en/',
        version: 'v1',
      },
      {
        id: 'default-om',
        name: 'Afaan Oromoo',
        language: 'om',
        kind: 'default',
        fileBase: '/assets/voices/om/',
        version: 'v1',
      },
    ]);
    expect(mine.packs).toContainEqual({
      id: pack.id,
      name: pack.name,
      language: 'am',
      kind: 'custom',
      fileBase: `/api/voice-packs/${pack.id}/files/`,
      version: pack.version,
    });
    expect(mine.selected).toBe('default-am');
  });

  it('offers a pack to chosen agents only, and serves its files to them alone', async () => {
    const { pack } = await uploaded();
    const update = await call(adminToken, 'PUT', `/api/voice-packs/${pack.id}`, {
      offeredTo: { agentIds: [agentId, agentId] },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().pack.offeredTo).toEqual({ agentIds: [agentId] });

    expect((await available(agentToken)).packs.map((p) => p.id)).toContain(pack.id);
    expect((await available(otherAgentToken)).packs.map((p) => p.id)).not.toContain(pack.id);

    const file = await call(agentToken, 'GET', fileUrl(pack.id, 'b-voices/b1.mp3'));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.headers['cache-control']).toBe('private, no-cache');
    expect(file.rawPayload.equals(Buffer.from(fakeVoice('b-voices/b1.mp3')))).toBe(true);
    const etag = file.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: fileUrl(pack.id, 'b-voices/b1.mp3'),
      headers: { ...bearer(agentToken), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const m4a = await call(agentToken, 'GET', fileUrl(pack.id, 'Goodbingo.m4a'));
    expect(m4a.headers['content-type']).toBe('audio/mp4');

    // Not offered: as if there were no such pack.
    const other = await call(otherAgentToken, 'GET', fileUrl(pack.id, 'b-voices/b1.mp3'));
    expect(other.statusCode).toBe(404);
    expect((await call(adminToken, 'GET', fileUrl(pack.id, 'b-voices/b1.mp3'))).statusCode).toBe(200);
    expect((await call(agentToken, 'GET', fileUrl(pack.id, 'b-voices/b99.mp3'))).statusCode).toBe(404);
    expect((await call(agentToken, 'GET', fileUrl(pack.id, '../../etc/passwd'))).statusCode).toBe(404);

    // Turned off: no agent may use it, the admin still may.
    await call(adminToken, 'PUT', `/api/voice-packs/${pack.id}`, { isActive: false });
    expect((await available(agentToken)).packs.map((p) => p.id)).not.toContain(pack.id);
    expect((await call(agentToken, 'GET', fileUrl(pack.id, 'b-voices/b1.mp3'))).statusCode).toBe(404);
  });

  it('refuses an offer to someone who is not an agent, and a change of nothing', async () => {
    const { pack } = await uploaded();
    const bad = await call(adminToken, 'PUT', `/api/voice-packs/${pack.id}`, {
      offeredTo: { agentIds: [otherAgentId, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('offeredTo.agentIds');
    expect((await call(adminToken, 'PUT', `/api/voice-packs/${pack.id}`, {})).statusCode).toBe(400);
    const missing = await call(adminToken, 'PUT', '/api/voice-packs/00000000-0000-4000-8000-000000000000', {
      name: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const detail = await call(adminToken, 'GET', `/api/voice-packs/${pack.id}`);
    expect(detail.json().pack.offeredTo).toBe('all');
  });

  it('lets an agent choose a pack it may use, falls back to the default when it no longer may', async () => {
    const { pack } = await uploaded();
    const choose = await call(agentToken, 'PUT', '/api/voice-packs/selected', { packId: pack.id });
    expect(choose.statusCode, choose.body).toBe(200);
    expect(choose.json()).toEqual({ selected: pack.id });
    expect((await available(agentToken)).selected).toBe(pack.id);

    // Offered to the other agent only: this agent hears the default pack again, and may not choose it.
    await call(adminToken, 'PUT', `/api/voice-packs/${pack.id}`, { offeredTo: { agentIds: [otherAgentId] } });
    expect((await available(agentToken)).selected).toBe('default-am');
    const refused = await call(agentToken, 'PUT', '/api/voice-packs/selected', { packId: pack.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'packId' });
    // Offered again: the choice stands.
    await call(adminToken, 'PUT', `/api/voice-packs/${pack.id}`, { offeredTo: 'all' });
    expect((await available(agentToken)).selected).toBe(pack.id);

    // Deleted with its files: the choice goes with it.
    const del = await call(adminToken, 'DELETE', `/api/voice-packs/${pack.id}`);
    expect(del.statusCode).toBe(200);
    expect((await available(agentToken)).selected).toBe('default-am');
    expect((await call(agentToken, 'GET', fileUrl(pack.id, 'b-voices/b1.mp3'))).statusCode).toBe(404);
    expect((await call(adminToken, 'GET', `/api/voice-packs/${pack.id}`)).statusCode).toBe(404);
    expect((await call(adminToken, 'DELETE', `/api/voice-packs/${pack.id}`)).statusCode).toBe(404);
    const files = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM voice_pack_files WHERE pack_id = ${pack.id}`,
    );
    expect((files as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('gives an agent whose screens are in Afaan Oromoo the Oromo pack, until it chooses another', async () => {
    const fresh = await signedIn(t, 'agent');
    expect((await available(fresh.token)).selected).toBe('default-am');
    const profile = await call(fresh.token, 'PUT', '/api/auth/profile', { language: 'om' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().user.language).toBe('om');
    expect((await available(fresh.token)).selected).toBe('default-om');
    await call(fresh.token, 'PUT', '/api/voice-packs/selected', { packId: 'default-am' });
    expect((await available(fresh.token)).selected).toBe('default-am');
    const back = await call(fresh.token, 'PUT', '/api/voice-packs/selected', { packId: 'default-om' });
    expect(back.json()).toEqual({ selected: 'default-om' });
  });

  it('lets an agent choose a default pack, and refuses a pack that does not exist', async () => {
    const en = await call(agentToken, 'PUT', '/api/voice-packs/selected', { packId: 'default-en' });
    expect(en.json()).toEqual({ selected: 'default-en' });
    expect((await available(agentToken)).selected).toBe('default-en');
    for (const packId of ['default-xx', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(agentToken, 'PUT', '/api/voice-packs/selected', { packId });
      expect(res.statusCode).toBe(400);
    }
    await call(agentToken, 'PUT', '/api/voice-packs/selected', { packId: 'default-am' });
    expect((await available(agentToken)).selected).toBe('default-am');
  });

  it('renames a pack', async () => {
    const { pack } = await uploaded();
    const name = uniqueName();
    const res = await call(adminToken, 'PUT', `/api/voice-packs/${pack.id}`, { name: `  ${name} ` });
    expect(res.json().pack.name).toBe(name);
  });
});
