// What the app's build (vite.config.ts) and the /verify page's (vite.verify.config.ts, decision 074) share: how
// workspace packages and `@/` resolve, and the .br/.gz written beside each text file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, type Plugin, type UserConfig } from 'vite';

export const resolve: UserConfig['resolve'] = {
  // Workspace packages (@cartela/contract, @cartela/core) export their TypeScript source under "source".
  conditions: ['source', ...defaultClientConditions],
  // `@/` is src/ (also in tsconfig.json and the root vitest.config.ts): see decision 035.
  alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
};

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Next to each text file of the build, its .br (brotli at its best) and .gz: the server sends those as they
 * are (@fastify/static preCompressed), so a phone on mobile data gets the sign-in code in about a third of
 * the bytes and the server spends nothing compressing it.
 */
export function precompress(options: { onlyThisBuild?: boolean } = {}): Plugin {
  let outDir = 'dist';
  /** The files this build wrote (with onlyThisBuild: a second build into the same folder leaves the rest alone). */
  const written = new Set<string>();
  const compress = (file: string) => {
    const data = readFileSync(file);
    if (data.length < 1024) return;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  };
  return {
    name: 'cartela-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) written.add(path.join(outDir, name));
    },
    closeBundle() {
      if (options.onlyThisBuild) {
        for (const file of written) if (COMPRESSIBLE.test(file)) compress(file);
        return;
      }
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (entry.isFile() && COMPRESSIBLE.test(entry.name))
          compress(path.join(entry.parentPath, entry.name));
      }
    },
  };
}
