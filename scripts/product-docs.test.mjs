// The product's rules are docs/product/*.md, and code comments cite them by page and heading
// (`product/money.md#commission-share`). These checks keep every such citation pointing at a heading that exists,
// and keep the code from citing the specification outside the repository instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCT = path.join(ROOT, 'docs/product');
const CODE_DIRS = ['apps', 'packages', 'scripts', 'bench', 'proof', 'e2e'];
const CODE_FILE = /\.(ts|tsx|mts|js|mjs|cjs|css|sql)$/;
const SKIP_DIR = new Set(['node_modules', 'dist', 'coverage']);
const SELF = fileURLToPath(import.meta.url);

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, each space a hyphen. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a markdown text, with GitHub's -1, -2 for a repeated heading. */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const heading = !fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function* codeFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIR.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* codeFiles(full);
    else if (CODE_FILE.test(entry.name) && full !== SELF) yield full;
  }
}

const pages = new Map(
  readdirSync(PRODUCT)
    .filter((name) => name.endsWith('.md'))
    .map((name) => [name, anchorsOf(readFileSync(path.join(PRODUCT, name), 'utf8'))]),
);

/** The citations of `text` that name no page, or no heading of that page. */
function brokenCitations(text, pattern) {
  const broken = [];
  for (const [, file, anchor] of text.matchAll(pattern)) {
    const anchors = pages.get(file);
    if (!anchors?.has(anchor)) broken.push(`${file}#${anchor}${anchors ? '' : ' (no such page)'}`);
  }
  return broken;
}

const code = CODE_DIRS.flatMap((dir) => [...codeFiles(path.join(ROOT, dir))]).map((file) => ({
  file: path.relative(ROOT, file),
  text: readFileSync(file, 'utf8'),
}));

describe('slug', () => {
  it("makes GitHub's anchors", () => {
    expect(slug('Commission share')).toBe('commission-share');
    expect(slug("An agent's cartelas")).toBe('an-agents-cartelas');
    expect(slug('The `offline` room (v1)')).toBe('the-offline-room-v1');
    expect([...anchorsOf('# A\n## B\n## B\n```\n# not a heading\n```\n')]).toEqual(['a', 'b', 'b-1']);
  });
});

describe('docs/product', () => {
  it('has the pages code cites', () => {
    for (const page of [
      'README.md',
      'roles.md',
      'money.md',
      'draw.md',
      'cartelas.md',
      'voices.md',
      'screens.md',
    ]) {
      expect(pages.has(page), page).toBe(true);
    }
  });

  it('links only to headings its pages have', () => {
    const broken = [...pages.keys()].flatMap((name) => {
      // A link within the page (`](#ties)`) is read as a link to the page itself.
      const text = readFileSync(path.join(PRODUCT, name), 'utf8').replaceAll('](#', `](${name}#`);
      return brokenCitations(text, /\]\(([a-z0-9-]+\.md)#([^)\s]+)\)/g).map((b) => `${name}: ${b}`);
    });
    expect(broken).toEqual([]);
  });
});

describe('code that cites the product', () => {
  it('cites pages and headings that exist', () => {
    const broken = code.flatMap(({ file, text }) =>
      brokenCitations(text, /product\/([a-z0-9-]+\.md)#([a-z0-9_-]+)/g).map((b) => `${file}: ${b}`),
    );
    expect(code.some(({ text }) => /product\/[a-z0-9-]+\.md#/.test(text))).toBe(true);
    expect(broken).toEqual([]);
  });

  it('cites docs/product, not the specification outside the repository', () => {
    // Migrations are left as they were applied (a backup records each file's hash).
    const outside = code
      .filter(({ file }) => !file.endsWith('.sql'))
      .flatMap(({ file, text }) =>
        text
          .split('\n')
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => /[Ss]pec 0[0-3]\b|\b0[0-3]-decisions/.test(line))
          .map(({ at }) => at),
      );
    expect(outside).toEqual([]);
  });
});
