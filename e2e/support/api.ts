// An API call a browser test makes beside the screen (setting up a game, ending it), as the signed-in `token`:
// expects a success and returns the answer's JSON.
import type { APIRequestContext } from '@playwright/test';
import { expect } from './test';

export async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}
