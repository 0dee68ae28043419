// Where players reach the server (PUBLIC_URL, decision 074), for the hall display's QR code and the printed
// cartela sheets: the server's answer, remembered in this browser so a display opened offline still knows it;
// this page's own origin when the server has none (or never answered). A plain fetch: the display and the room
// load no zod (decision 073); the path is the contract's (public-address.test.ts checks it).
import { useEffect, useState } from 'react';

export const PUBLIC_ADDRESS_PATH = '/api/public/address';
const REMEMBERED = 'cartela.publicUrl';

function remembered(): string | null {
  try {
    return localStorage.getItem(REMEMBERED);
  } catch {
    return null;
  }
}

/** The address players use: PUBLIC_URL as last heard from the server, else this page's origin. */
export function publicUrl(): string {
  return remembered() ?? location.origin;
}

/** Asks the server again and remembers its answer; on any failure keeps what was known. */
export async function refreshPublicUrl(fetcher: typeof fetch = fetch): Promise<string> {
  try {
    const res = await fetcher(PUBLIC_ADDRESS_PATH, { headers: { accept: 'application/json' } });
    if (res.ok) {
      const { publicUrl: url } = (await res.json()) as { publicUrl: unknown };
      if (typeof url === 'string' && /^https?:\/\//.test(url)) localStorage.setItem(REMEMBERED, url);
      else if (url === null) localStorage.removeItem(REMEMBERED);
    }
  } catch {
    // Offline: what was remembered stands.
  }
  return publicUrl();
}

/** The public check's address: `<base>/verify`, or `<base>/verify/<gameId>` for one game. */
export const verifyAddress = (base: string, gameId?: string) =>
  `${base}/verify${gameId ? `/${encodeURIComponent(gameId)}` : ''}`;

/** publicUrl() now, and again once the server has answered. */
export function usePublicUrl(): string {
  const [url, setUrl] = useState(publicUrl);
  useEffect(() => {
    let live = true;
    void refreshPublicUrl().then((next) => {
      if (live) setUrl(next);
    });
    return () => {
      live = false;
    };
  }, []);
  return url;
}

/**
 * An address only this computer opens (localhost, 127.x.x.x, ::1, 0.0.0.0): what the QR code points at when
 * PUBLIC_URL is not set and the room was opened on the server's own machine. No player's phone reaches it.
 */
export function isLoopback(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '0.0.0.0'
  );
}
