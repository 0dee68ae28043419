// Known devices: a browser that signed in to an account holds a cookie the server signed, naming the account
// and a random device id. Its later attempts at that account are counted on the device's own streak instead
// of the address's and the account's counters, so a stranger behind the same address (a hall's one public
// address), or many strangers elsewhere, cannot close the owner's door on the owner's own devices
// (docs/decisions/080-sign-in-a-stranger-cannot-close.md). The cookie opens nothing by itself: the password is
// checked as always, and one device guessing is slowed by its own streak like any address.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const NAME_PREFIX = 'cartela-device-';
/** Renewed at every sign-in: a device that has not signed in for half a year is a stranger again. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 86_400;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const MAC_LENGTH = 43; // SHA-256 in base64url

export class KnownDevices {
  private readonly key: Buffer;

  /** `secret`: the session tokens' secret (the same on every instance); a key of its own is derived from it. */
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('cartela known device cookie v1').digest();
  }

  /** The device id in the request's cookie for `account` when the server signed it for that account; else null. */
  recognise(cookieHeader: string | undefined, account: string): string | null {
    for (const value of cookieValues(cookieHeader, NAME_PREFIX + account)) {
      const dot = value.indexOf('.');
      const device = value.slice(0, dot);
      const mac = Buffer.from(value.slice(dot + 1));
      if (dot < 0 || !DEVICE_ID.test(device) || mac.length !== MAC_LENGTH) continue;
      if (timingSafeEqual(mac, Buffer.from(this.mac(account, device)))) return device;
    }
    return null;
  }

  /**
   * The Set-Cookie header for a sign-in that succeeded: the same device id again (its age renewed), or a new
   * one. Only the server reads it (HttpOnly), only on the API's own requests (SameSite=Strict, Path=/api).
   */
  cookie(account: string, device: string | null, secure: boolean): string {
    const id = device ?? randomBytes(16).toString('base64url');
    return [
      `${NAME_PREFIX}${account}=${id}.${this.mac(account, id)}`,
      `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
      'Path=/api',
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  }

  private mac(account: string, device: string): string {
    return createHmac('sha256', this.key).update(`${account}.${device}`).digest('base64url');
  }
}

/** The values of every cookie named `name` in a Cookie header (a browser may send one per path). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}
