import {
  agentRoutes,
  cartelaRoutes,
  commissionRoutes,
  statsRoutes,
  voicePackRoutes,
} from '@cartela/contract';
import { hashKey, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/utils';
import { useCommissionSummary } from './commission';
import { invalidate, routeKey } from './keys';
import { useDeleteVoicePack } from './voice-packs';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** Puts an answer in the cache under `key`, as a finished query would. */
const seed = (...keys: QueryKey[]) => {
  for (const key of keys) queryClient.setQueryData(key, {});
};
const isStale = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('routeKey', () => {
  it("is the route's path, then what it was asked with (nothing left undefined)", () => {
    expect(routeKey(agentRoutes.listAgents)).toEqual(['/api/users/agents']);
    expect(routeKey(agentRoutes.listAgents, { query: undefined })).toEqual(['/api/users/agents']);
    expect(routeKey(cartelaRoutes.agentCartelas, { params: { agentId: 'a1' } })).toEqual([
      '/api/cartelas/agent/:agentId',
      { params: { agentId: 'a1' } },
    ]);
  });

  it('is the same key for the same input, however the input was written', () => {
    const a = routeKey(commissionRoutes.summary, { query: { period: 'month', calendar: undefined } });
    const b = routeKey(commissionRoutes.summary, { query: { period: 'month' } });
    expect(hashKey(a)).toBe(hashKey(b));
  });
});

describe('one route, one cached answer', () => {
  it("the commission page's summary and the admin dashboard's are one cache entry, asked once", async () => {
    const fetchMock = mockApi({
      'GET /api/commission/summary': json(404, { message: 'not needed', code: 'NOT_FOUND' }),
    });
    renderHook(
      () => {
        useCommissionSummary('month'); // the commission page
        useCommissionSummary('month', { keepPrevious: true }); // the admin dashboard's cards
      },
      { wrapper },
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(
      queryClient.getQueryCache().findAll({ queryKey: routeKey(commissionRoutes.summary) }),
    ).toHaveLength(1);
  });
});

describe('what a write invalidates', () => {
  it('a route: every answer of it, whatever its input; a group: each of its GET routes', async () => {
    const monthly = routeKey(statsRoutes.adminStats, { query: { period: 'month' } });
    const agent = routeKey(statsRoutes.agentStats, { query: { period: 'week' } });
    const summary = routeKey(commissionRoutes.summary, { query: { period: 'month' } });
    const settings = routeKey(commissionRoutes.settings);
    seed(monthly, agent, summary, settings);

    await invalidate(queryClient, [statsRoutes, commissionRoutes.summary]);
    expect([monthly, agent, summary].map(isStale)).toEqual([true, true, true]);
    expect(isStale(settings)).toBe(false);
  });

  it("a route with part of its input: only those answers (one agent's cartelas, not another's)", async () => {
    const mine = routeKey(cartelaRoutes.agentCartelas, { params: { agentId: 'a1' } });
    const theirs = routeKey(cartelaRoutes.agentCartelas, { params: { agentId: 'a2' } });
    seed(mine, theirs);

    await invalidate(queryClient, [[cartelaRoutes.agentCartelas, { params: { agentId: 'a1' } }]]);
    expect([isStale(mine), isStale(theirs)]).toEqual([true, false]);
  });

  it('a mutation hook invalidates the routes declared beside it, and no other', async () => {
    mockApi({ 'DELETE /api/voice-packs/p1': json(200, { message: 'Deleted' }) });
    const list = routeKey(voicePackRoutes.list);
    const available = routeKey(voicePackRoutes.available);
    const users = routeKey(agentRoutes.listUsers, { query: { role: 'agent' } });
    seed(list, available, users);

    const { result } = renderHook(() => useDeleteVoicePack(), { wrapper });
    await act(() => result.current.mutateAsync('p1'));
    expect([isStale(list), isStale(available)]).toEqual([true, true]);
    expect(isStale(users)).toBe(false);
  });
});
