import { createHmac } from 'node:crypto';

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** Re-signs a real session token's claims with an expiry in the past (HS256, the server's algorithm). */
export function expiredCopy(token: string, secret: string): string {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ ...claims, iat: now - 7200, exp: now - 3600 }));
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}
