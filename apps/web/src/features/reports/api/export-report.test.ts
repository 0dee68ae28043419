import { describe, expect, it } from 'vitest';
import { exportUrl, fileNameOf } from './export-report';

describe('the export', () => {
  it('asks for the filters and sort given, leaving out the ones not set', () => {
    expect(
      exportUrl({
        status: 'finished',
        date: '2025-11-22',
        startDate: undefined,
        sortBy: 'stake',
        sortOrder: 'asc',
      }),
    ).toBe('/api/reports/games/export?status=finished&date=2025-11-22&sortBy=stake&sortOrder=asc');
    expect(exportUrl({})).toBe('/api/reports/games/export');
  });

  it("saves the file under the server's name, or cartela-report.csv", () => {
    expect(fileNameOf('attachment; filename="cartela-report-2025-11-01-2025-11-30.csv"')).toBe(
      'cartela-report-2025-11-01-2025-11-30.csv',
    );
    expect(fileNameOf('attachment; filename=report.csv')).toBe('report.csv');
    // RFC 6266: the UTF-8 name wins over the plain one.
    expect(
      fileNameOf(
        `attachment; filename="report.csv"; filename*=UTF-8''%E1%88%AA%E1%8D%96%E1%88%AD%E1%89%B5.csv`,
      ),
    ).toBe('ሪፖርት.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf('attachment')).toBe('cartela-report.csv');
    expect(fileNameOf('attachment; filename=""')).toBe('cartela-report.csv');
    expect(fileNameOf(null)).toBe('cartela-report.csv');
  });
});
