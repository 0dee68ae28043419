// The login route's JavaScript, gzipped: the entry chunk, everything it imports statically, and the lazy
// chunk of the sign-in page with its static imports. Target: at most 120 KB gzipped (issue 22; 150 before).
// Then the game room's route (<= 200 KB) and the public /verify page's (<= 80 KB, decision 074).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, verdict } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

function closure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const k = stack.pop();
    if (seen.has(k) || !manifest[k]) continue;
    seen.add(k);
    stack.push(...(manifest[k].imports ?? []));
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && /login/i.test(k));
if (!entryKey) throw new Error('no entry in the manifest');
const keys = closure([entryKey, ...(loginKey ? [loginKey] : [])]);
let js = 0;
let css = 0;
const rows = [];
for (const k of keys) {
  const item = manifest[k];
  const size = gz(item.file);
  js += size;
  rows.push(`  ${item.file}  ${(size / 1024).toFixed(1)} KB`);
  for (const c of item.css ?? []) css += gz(c);
}
let all = 0;
for (const item of Object.values(manifest)) if (item.file.endsWith('.js')) all += gz(item.file);
console.log(
  `bundle: login route chunks (${loginKey ? `entry + ${loginKey}` : 'entry only: no lazy login chunk found'}):`,
);
console.log(rows.sort().join('\n'));
console.log(
  `bundle: login route JavaScript ${(js / 1024).toFixed(1)} KB gzipped (target <= 120 KB) ${verdict(js <= 120 * 1024)}`,
);
console.log(
  `bundle: login route CSS ${(css / 1024).toFixed(1)} KB gzipped; all JavaScript chunks ${(all / 1024).toFixed(1)} KB gzipped`,
);

// The game room's route (issue 10): the entry, the app shell and the room page with their static imports (the
// voice manager and the offline database included; the voice recordings are not JavaScript). Target: at most
// 200 KB gzipped (250 before idb, decision 072; 204.5 before zod left it, decision 073).
const roomKey = Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && /room-page/.test(k));
// The data layer (app/queries.tsx) and the shell load before any signed-in page (decision 071).
const layers = Object.keys(manifest).filter(
  (k) => manifest[k].isDynamicEntry && /app-shell|app\/queries/.test(k),
);
let room = 0;
if (roomKey) {
  for (const k of closure([entryKey, roomKey, ...layers])) room += gz(manifest[k].file);
  console.log(
    `bundle: game room route JavaScript ${(room / 1024).toFixed(1)} KB gzipped (entry + data layer + shell + room; target <= 200 KB) ${verdict(room <= 200 * 1024)}`,
  );
}
// The public /verify page (issue 23, decision 074): its own build (apps/web/vite.verify.config.ts) with its own
// manifest; everything its entry loads. Target: at most 80 KB gzipped.
const verifyManifest = JSON.parse(readFileSync(path.join(dist, '.vite/verify-manifest.json'), 'utf8'));
const verifyKeys = new Set();
const verifyStack = Object.keys(verifyManifest).filter((k) => verifyManifest[k].isEntry);
while (verifyStack.length) {
  const k = verifyStack.pop();
  if (verifyKeys.has(k) || !verifyManifest[k]) continue;
  verifyKeys.add(k);
  verifyStack.push(...(verifyManifest[k].imports ?? []));
}
let verify = 0;
let verifyCss = 0;
for (const k of verifyKeys) {
  verify += gz(verifyManifest[k].file);
  for (const c of verifyManifest[k].css ?? []) verifyCss += gz(c);
}
const verifyOk = verifyKeys.size > 0 && verify <= 80 * 1024;
console.log(
  `bundle: verify route JavaScript ${(verify / 1024).toFixed(1)} KB gzipped (its own entry; target <= 80 KB) ${verdict(verifyOk)}; CSS ${(verifyCss / 1024).toFixed(1)} KB`,
);
process.exitCode = js <= 120 * 1024 && room <= 200 * 1024 && verifyOk ? 0 : 1;
