// CSV as spreadsheets open it: UTF-8 with a byte order mark (Excel otherwise reads Amharic names as Latin-1),
// CRLF line ends and RFC 4180 quoting. Text that comes from people (a username) is neutralised against formula
// injection before it is quoted. Streamed: the body is pulled chunk by chunk as the socket drains.
import { Readable } from 'node:stream';

/** The UTF-8 byte order mark, first in the file. */
export const BOM = '\uFEFF';
export const CRLF = '\r\n';

/** A field must be quoted when it holds a separator, a quote or a line break (RFC 4180 section 2.6). */
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * A spreadsheet reads a cell starting with one of these as a formula (= + - @), or may strip the first one
 * (tab, carriage return) and then read a formula (OWASP, CSV Injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted if it needs to be, its quotes doubled (RFC 4180). */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A text cell made safe against formula injection. The rule: a text cell starting with = + - @, a tab or a
 * carriage return gets a single quote in front ("'=1+1"), OWASP's recommendation; spreadsheets then show it
 * as text, and the quote shows what was done. Not a tab prefix: OWASP lists the tab itself among the characters
 * that may start a formula once a program trims it. Only for text: numbers and dates this server formats never
 * start with a sign (amounts are never negative), and a quote would spoil them as numbers.
 */
export function csvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A record: the fields joined by commas, quoted as needed, ended by CRLF. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvField).join(',') + CRLF;
}

/**
 * A byte stream of the chunks, pulled one at a time: Readable.from asks for the next chunk only when its
 * buffer has room (the socket took what came before), so a paused client pauses the reading, and memory
 * holds about one chunk whatever the size of the file. Destroying the stream (the client went away) returns
 * the iterator, which stops reading.
 */
export function csvStream(chunks: AsyncIterable<string>): Readable {
  return Readable.from(chunks, { objectMode: false });
}
