import { readFileSync } from 'node:fs';

let version: string | null = null;

/** The server package's version (apps/server/package.json, one level above src/ and dist/). */
export function serverVersion(): string {
  if (version === null) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
        version?: string;
      };
      version = pkg.version ?? '0.0.0';
    } catch {
      version = '0.0.0';
    }
  }
  return version;
}
