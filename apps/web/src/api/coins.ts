// The coin statement (coinRoutes): a page of an agent's ledger rows, newest first, and the whole of it as CSV.
import { type CoinStatementQuery, coinRoutes } from '@cartela/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routeQuery } from './client';
import { useDownload } from './files';

/**
 * One page of a statement (GET /api/coins/statement): the agent's own, or for the admin the agent it names
 * (`agentId`).
 */
export const coinStatementQuery = (query: CoinStatementQuery) => routeQuery(coinRoutes.statement, { query });

export const useCoinStatement = (query: CoinStatementQuery) =>
  useQuery({
    ...coinStatementQuery(query),
    // Another page keeps the current rows on screen (dimmed) until its answer arrives.
    placeholderData: keepPreviousData,
  });

/** The file name when the server names none. */
export const STATEMENT_FILE_NAME = 'cartela-coins.csv';

/** The whole statement as CSV, saved as a download (GET /api/coins/statement/export). */
export const useExportStatement = () => useDownload(coinRoutes.exportStatement, STATEMENT_FILE_NAME);
