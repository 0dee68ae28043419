#!/usr/bin/env node
// Decodes every file of both default packs with the Web Audio API (decodeAudioData) in Debian's Chromium, the
// browser the halls and the e2e tests use: `node --import tsx --conditions=source scripts/voices/chromium-decode.mjs`.
// Decision 047: Debian's Chromium decodes AAC in .m4a, so the spec's .m4a files are AAC. CHROMIUM_PATH overrides
// /usr/bin/chromium.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VOICE_PACK_FILES } from '@cartela/contract';
import { chromium } from 'playwright-core';
import { DEFAULT_PACK_DIRS } from './pack-rules.mjs';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
let failed = 0;
try {
  const page = await browser.newPage();
  for (const pack of DEFAULT_PACK_DIRS) {
    const durations = [];
    for (const file of VOICE_PACK_FILES) {
      const base64 = readFileSync(path.join(pack.dir, file)).toString('base64');
      const result = await page.evaluate(async (data) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        try {
          const buffer = await new OfflineAudioContext(1, 1, 44100).decodeAudioData(bytes.buffer);
          return { ok: true, seconds: buffer.duration, channels: buffer.numberOfChannels };
        } catch (error) {
          return { ok: false, error: String(error) };
        }
      }, base64);
      if (!result.ok || result.channels !== 1 || result.seconds <= 0) {
        failed += 1;
        console.error(`${pack.language}/${file}: ${result.error ?? JSON.stringify(result)}`);
      } else durations.push(result.seconds);
    }
    console.log(
      `${pack.name}: ${durations.length}/${VOICE_PACK_FILES.length} decoded in Chromium ${browser.version()} ` +
        `(${Math.min(...durations).toFixed(2)}-${Math.max(...durations).toFixed(2)} s)`,
    );
  }
} finally {
  await browser.close();
}
process.exit(failed === 0 ? 0 : 1);
