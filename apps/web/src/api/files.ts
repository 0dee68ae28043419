import { ErrorResponse, type RouteDef, type RouteQuery } from '@cartela/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { endSession } from '@/lib/session';
import { storage } from '@/lib/storage';

// The GET routes that answer a file (a CSV export), not JSON: `api()` reads JSON, so the call is made here the way
// `api()` makes it (the stored bearer token, the server's JSON error as an ApiError, the 401 rule ending the
// session), and the file goes to the browser's downloads. Used by the reports' export and the coin statement's.

/** The address of a file route: its path with the query (undefined ones left out). */
export function fileUrl<R extends RouteDef>(
  route: R,
  query: RouteQuery<R> | Record<string, unknown> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${route.path}?${qs}` : route.path;
}

/**
 * The file name a Content-Disposition header gives (RFC 6266: `filename*=UTF-8''…` first, then `filename`),
 * reduced to a bare name; the fallback when there is none.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
    name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim();
  }
  // Never a path: only the last segment, without control characters.
  const bare = [...(name?.split(/[/\\]/).pop() ?? '')]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim();
  return bare || fallback;
}

/** GET `url` as a file: its bytes and the name the server gave it (else `fallback`). */
export async function fetchFile(
  url: string,
  fallback: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
  const token = storage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', '');
  }

  if (!response.ok) {
    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      body = undefined;
    }
    const parsed = ErrorResponse.safeParse(body);
    // product/roles.md#sessions: a 401 ends the session; the route guard then shows the sign-in page.
    if (response.status === 401) endSession();
    throw parsed.success
      ? new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.field)
      : new ApiError(response.status, `HTTP_${response.status}`, '');
  }

  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition'), fallback) };
}

/** Hands a file to the browser's downloads, through an object URL and a temporary <a download>. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers start reading the URL only after the click returns: let it go on the next task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Download a file route's answer, then save it: one download per press (the button is busy meanwhile). */
export function useDownload<R extends RouteDef>(route: R, fallback: string) {
  return useMutation({
    mutationKey: ['download', route.path],
    mutationFn: async (query: RouteQuery<R>) => {
      const { blob, fileName } = await fetchFile(fileUrl(route, query ?? {}), fallback);
      saveFile(blob, fileName);
      return fileName;
    },
  });
}
