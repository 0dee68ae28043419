// The CSV encoding on its own: RFC 4180 quoting, the formula-injection rule, ETB text, and a body that is pulled
// chunk by chunk (a reader that stops stops the reading).
import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvStream, csvText } from './csv.js';
import { etbText } from './present.js';

describe('CSV fields (RFC 4180)', () => {
  it('leaves plain fields alone and quotes those with a comma, a quote, CR or LF, doubling the quotes', () => {
    expect(csvField('G12345')).toBe('G12345');
    expect(csvField('ሰላም ቢንጎ')).toBe('ሰላም ቢንጎ');
    expect(csvField('')).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvLine(['a', 'b,c', '"'])).toBe('a,"b,c",""""\r\n');
  });

  it('puts a single quote before text starting with = + - @, a tab or a CR, and nowhere else', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvText(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    expect(csvText('Abebe=1')).toBe('Abebe=1');
    expect(csvText(' =1')).toBe(' =1');
    expect(csvText("'quoted")).toBe("'quoted");
    // Neutralised, then quoted as any other field.
    expect(csvLine([csvText('=HYPERLINK("http://x","y")')])).toBe(`"'=HYPERLINK(""http://x"",""y"")"\r\n`);
    expect(csvLine([csvText('\tx')])).toBe("'\tx\r\n");
  });
});

describe('ETB in the file', () => {
  it('has 2 decimals and a dot, no grouping, exact from santim', () => {
    expect(etbText(0)).toBe('0.00');
    expect(etbText(5)).toBe('0.05');
    expect(etbText(750)).toBe('7.50');
    expect(etbText(123456789)).toBe('1234567.89');
    expect(etbText(-105)).toBe('-1.05');
    expect(etbText(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });
});

describe('the streamed body', () => {
  it('pulls the next chunk only when the reader wants more, and stops the source when destroyed', async () => {
    let pulled = 0;
    let stopped = false;
    const chunk = 'x'.repeat(100_000); // bigger than the stream's buffer: one chunk fills it
    async function* source() {
      try {
        for (let i = 0; i < 1000; i++) {
          pulled++;
          yield chunk;
        }
      } finally {
        stopped = true;
      }
    }
    const body = csvStream(source());
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(pulled).toBe(0); // nothing read before anyone asks
    const first = await new Promise<Buffer>((resolve) => body.once('data', resolve));
    body.pause();
    expect(first.length).toBe(100_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(pulled).toBeLessThanOrEqual(3); // paused reader: the source waits
    body.destroy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(true);
    expect(pulled).toBeLessThanOrEqual(3);
  });

  it('writes text as UTF-8', async () => {
    async function* source() {
      yield '\uFEFFGame ID\r\n';
      yield 'ሰላም\r\n';
    }
    const parts: Buffer[] = [];
    for await (const part of csvStream(source())) parts.push(part as Buffer);
    const bytes = Buffer.concat(parts);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe('\uFEFFGame ID\r\nሰላም\r\n');
  });
});
