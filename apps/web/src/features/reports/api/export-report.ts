import { type ReportExportQuery, reportRoutes } from '@cartela/contract';
import { fileNameOf as fileNameFrom, fileUrl, useDownload } from '@/api/files';

// The report's CSV: a file route (src/api/files.ts makes the call and saves the file).

/** The file name when the server names none. */
export const FALLBACK_FILE_NAME = 'cartela-report.csv';

/** The address of the export: the route with the filters and sort (undefined ones left out). */
export const exportUrl = (query: ReportExportQuery): string => fileUrl(reportRoutes.exportGames, query);

/** The file name a Content-Disposition header gives, else cartela-report.csv. */
export const fileNameOf = (disposition: string | null, fallback = FALLBACK_FILE_NAME): string =>
  fileNameFrom(disposition, fallback);

/** Export, then save: one download per press (the button is busy meanwhile). */
export const useExportReport = () => useDownload(reportRoutes.exportGames, FALLBACK_FILE_NAME);
