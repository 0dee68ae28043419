import { type CommissionPaymentStatus, commissionRoutes } from '@cartela/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface PaymentFilters {
  status?: CommissionPaymentStatus;
  agentId?: string;
  startDate?: string;
  endDate?: string;
  page: number;
  limit: number;
}

/** GET /api/commission/payments: newest business day first, filtered, 20 a page. */
export const paymentsQuery = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: ['commission', 'payments', filters],
    queryFn: ({ signal }) => api(commissionRoutes.payments, { query: filters, signal }),
  });

/**
 * The payments of the page asked for; `enabled` is false while the filters are not a query the server would
 * take (an end date before the start date). The previous page stays on screen while the next one comes.
 */
export const useCommissionPayments = (filters: PaymentFilters, enabled = true) =>
  useQuery({ ...paymentsQuery(filters), enabled, placeholderData: keepPreviousData });
