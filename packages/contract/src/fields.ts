// Pieces the route files build their schemas from. Not part of the package's API (index.ts does not export
// this file): one definition here serves every route that uses it.
import { z } from 'zod';
import { text } from './common.js';
import { BusinessDay } from './periods.js';

/** Free notes (a top-up, an agreement, a payment). */
export const Notes = text().trim().max(500).nullable();
/** How to reach the holder of an account, as typed. */
export const Contact = text().trim().max(120).nullable();

/** The business days an answer covers, so every screen can say which days its figures are for. */
export const PeriodRange = {
  period: z.string().describe('The period asked for (or its default)'),
  from: BusinessDay.describe('First business day covered'),
  to: BusinessDay.describe('Last business day covered (today)'),
  timeZone: z.string().describe('The business time zone, e.g. Africa/Addis_Ababa'),
};

/** A page of a list in a query: the page (from 1) and its size (1-100). */
export const pageNumber = z.coerce
  .number()
  .int('page is a whole number')
  .min(1, 'page starts at 1')
  .max(100_000);
export const pageSize = z.coerce
  .number()
  .int('limit is a whole number')
  .min(1, 'limit is 1-100')
  .max(100, 'limit is 1-100');

/** startDate <= endDate when both are given. */
export const dateOrder = <T extends { startDate?: string | undefined; endDate?: string | undefined }>(v: T) =>
  v.startDate === undefined || v.endDate === undefined || v.startDate <= v.endDate;
export const dateOrderIssue = { message: 'startDate must not be after endDate', path: ['endDate'] };

/** The paging fields of a page of a list in an answer. */
export const Page = {
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
};
