// What the two test runners share (scripts/test.mjs for `npm test`, scripts/proof.mjs for `npm run proof`): run a
// step, count it, read Vitest's and Playwright's JSON reports, and end with the one plain line `N passed, N failed`
// (totals over every suite), so a run that executed nothing is visible.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

export class Suite {
  /** The name under which finish() leaves its totals in .tmp/totals-NAME.json (.ci/run adds them up). */
  constructor(name) {
    this.name = name;
  }
  passed = 0;
  failed = 0;
  failures = [];
  /** Each failed test by name, printed again at the very end so a truncated log still says which. */
  failedTests = [];

  /** Runs a command with the terminal; true when it exited 0. */
  run(label, cmd, args, opts = {}) {
    console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
    const started = Date.now();
    const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
    console.log(`=== ${label}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return r.status === 0;
  }

  fail(reason) {
    this.failed += 1;
    this.failures.push(reason);
  }

  /** A gate counts as one check: it passes or fails as a whole. */
  gate(label, cmd, args, opts) {
    if (this.run(label, cmd, args, opts)) this.passed += 1;
    else this.fail(label);
  }

  /** Vitest with its JSON report: every test counts. */
  vitest(label, args = [], opts = {}) {
    const report = path.join(tmp, `${label}.json`);
    rmSync(report, { force: true });
    const ok = this.run(
      label,
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
      opts,
    );
    const v = readJson(report);
    if (!v) return this.fail(`${label} produced no report`);
    this.passed += v.numPassedTests;
    this.failed += v.numFailedTests;
    if (v.numFailedTests > 0) this.failures.push(`${label}: ${v.numFailedTests} failed`);
    for (const file of v.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        const why = (t.failureMessages ?? []).join(' ').split('\n')[0].slice(0, 300);
        this.failedTests.push(`${path.relative(root, file.name)} > ${t.fullName}: ${why}`);
      }
    }
    if (!ok && v.numFailedTests === 0) this.fail(`${label} exited non-zero (an error outside a test)`);
  }

  /** Playwright (the built app in Debian's Chromium) with its JSON report: every test counts. */
  playwright(label, args = []) {
    const report = path.join(tmp, `${label}.json`);
    rmSync(report, { force: true });
    const ok = this.run(label, 'npx', ['playwright', 'test', ...args], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    });
    const p = readJson(report);
    if (!p?.stats) return this.fail(`${label} produced no report`);
    this.passed += p.stats.expected + (p.stats.flaky ?? 0);
    this.failed += p.stats.unexpected;
    if (p.stats.unexpected > 0) this.failures.push(`${label}: ${p.stats.unexpected} failed`);
    const walk = (suite, names) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected')
            this.failedTests.push(
              `${spec.file}:${spec.line} > ${[...names, spec.title].join(' > ')} [${t.projectName}]`,
            );
        }
      }
      for (const s of suite.suites ?? []) walk(s, [...names, s.title]);
    };
    for (const s of p.suites ?? []) walk(s, []);
    if (!ok && p.stats.unexpected === 0) this.fail(`${label} exited non-zero`);
  }

  /** Prints the totals and exits: 0 only when something ran and nothing failed. */
  finish() {
    console.log('');
    for (const t of this.failedTests) console.log(`FAILED ${t}`);
    if (this.failures.length) console.log(`Failures: ${this.failures.join('; ')}`);
    console.log(`${this.passed} passed, ${this.failed} failed`);
    writeFileSync(
      path.join(tmp, `totals-${this.name}.json`),
      JSON.stringify({ passed: this.passed, failed: this.failed, failures: this.failures }),
    );
    process.exit(this.failed === 0 && this.passed > 0 ? 0 : 1);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
