import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, exportQueryOf, hasFilters, readView, reportQueryOf, searchOf } from './search';

const AGENT = '0b7c3f9e-4a8d-4c1e-9f00-000000000002';
const read = (search: string, admin = false) => readView(new URLSearchParams(search), { admin });

describe('the report in the address', () => {
  it('is every status, newest first, page 1 when the address says nothing', () => {
    expect(read('')).toEqual({ ...DEFAULT_VIEW, date: undefined, startDate: undefined, endDate: undefined });
    expect(searchOf(read('')).toString()).toBe('');
  });

  it('keeps what the contract takes and drops what the server would refuse', () => {
    const view = read(
      `date=2025-11-22&status=finished&sortBy=stake&sortOrder=asc&page=3&agentId=${AGENT}`,
      true,
    );
    expect(view).toMatchObject({
      date: '2025-11-22',
      status: 'finished',
      sortBy: 'stake',
      sortOrder: 'asc',
      page: 3,
      agentId: AGENT,
    });
    expect(
      read('date=22/11/2025&status=won&sortBy=prize&sortOrder=up&page=-1&agentId=x', true),
    ).toMatchObject({ ...DEFAULT_VIEW, date: undefined, agentId: undefined });
    // An agent sees only its own games: the agent filter is the admin's.
    expect(read(`agentId=${AGENT}`).agentId).toBeUndefined();
  });

  it('never sends a date with a range, nor a range backwards', () => {
    expect(read('date=2025-11-22&startDate=2025-11-01&endDate=2025-11-30')).toMatchObject({
      date: '2025-11-22',
      startDate: undefined,
      endDate: undefined,
    });
    expect(read('startDate=2025-11-30&endDate=2025-11-01')).toMatchObject({
      startDate: '2025-11-01',
      endDate: '2025-11-30',
    });
  });

  it('writes only what differs from the defaults, and reads it back the same', () => {
    const view = read(
      `startDate=2025-11-01&endDate=2025-11-30&status=cancelled&sortBy=gameId&agentId=${AGENT}`,
      true,
    );
    const search = searchOf(view);
    expect(search.toString()).toBe(
      `startDate=2025-11-01&endDate=2025-11-30&status=cancelled&agentId=${AGENT}&sortBy=gameId`,
    );
    expect(readView(search, { admin: true })).toEqual(view);
  });

  it('tells filters from the sort and the page', () => {
    expect(hasFilters(read('sortBy=stake&page=4'))).toBe(false);
    expect(hasFilters(read('status=active'))).toBe(true);
    expect(hasFilters(read('endDate=2025-11-30'))).toBe(true);
  });

  it('asks the list for a page of 20 and the export for every row, with the same filters and sort', () => {
    const view = read('date=2025-11-22&status=finished&sortBy=stake&page=2');
    expect(reportQueryOf(view)).toMatchObject({ date: '2025-11-22', status: 'finished', page: 2, limit: 20 });
    expect(exportQueryOf(view)).not.toHaveProperty('page');
    expect(exportQueryOf(view)).not.toHaveProperty('limit');
    expect(exportQueryOf(view)).toMatchObject({ sortBy: 'stake', sortOrder: 'desc' });
  });
});
