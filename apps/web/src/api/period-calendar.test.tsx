import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/utils';
import { useCommissionSummary } from './commission';
import { useAdminStats, useAgentStats } from './stats';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

// A 4xx is not asked again: each call is made once.
function asked() {
  return mockApi({
    'GET /api/stats/agent': json(404, { message: 'not needed', code: 'NOT_FOUND' }),
    'GET /api/stats/admin': json(404, { message: 'not needed', code: 'NOT_FOUND' }),
    'GET /api/commission/summary': json(404, { message: 'not needed', code: 'NOT_FOUND' }),
  });
}

const urls = (fetchMock: ReturnType<typeof asked>) => fetchMock.mock.calls.map(([url]) => String(url)).sort();

describe("the dashboards' periods follow the language's calendar (decision 065)", () => {
  it('ask for the Ethiopian month and year in Amharic', async () => {
    await act(() => applyLanguage('am'));
    const fetchMock = asked();
    renderHook(
      () => {
        useAgentStats('month');
        useAdminStats('year');
        useCommissionSummary('month');
      },
      { wrapper },
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(urls(fetchMock)).toEqual([
      '/api/commission/summary?period=month&calendar=ethiopic',
      '/api/stats/admin?period=year&calendar=ethiopic',
      '/api/stats/agent?period=month&calendar=ethiopic',
    ]);
  });

  it('keep the Gregorian ones (the default) in English', async () => {
    const fetchMock = asked();
    renderHook(
      () => {
        useAgentStats('month');
        useAdminStats('year');
      },
      { wrapper },
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(urls(fetchMock)).toEqual(['/api/stats/admin?period=year', '/api/stats/agent?period=month']);
  });
});
