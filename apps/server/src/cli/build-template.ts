// Part of the build: makes dist/pglite-template/, a migrated empty embedded database folder, so that the very
// first start copies it instead of running PGlite's slow initdb (docs/decisions/023-pglite-template.md).
import './guard.js';
import { writeBuildTemplate } from '../db/pglite-template.js';
import { BUILD_TEMPLATE_DIR } from '../db/template-copy.js';

const started = performance.now();
await writeBuildTemplate();
process.stdout.write(
  `pglite template: ${BUILD_TEMPLATE_DIR} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
);
