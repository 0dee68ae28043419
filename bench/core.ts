/// <reference types="node" />
// Figures of the pure domain package (@cartela/core): the win check after a call, the draw, balanced cards.
// Run: npx tsx --conditions=source bench/core.ts   (exits 1 when a target is missed)
import {
  checkClaim,
  createGame,
  createWinChecker,
  drawOrder,
  type GameState,
  gameReducer,
  generateBalancedSet,
  randomSeedHex,
  seededRandomSource,
  verifyGame,
} from '@cartela/core';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)]!;
const rows: { name: string; value: string; target?: string; pass?: boolean }[] = [];
const record = (name: string, value: string, target?: { text: string; pass: boolean }) =>
  rows.push({ name, value, target: target?.text, pass: target?.pass });

// 1. The win check: 300 cartelas in a game, one call. Each call marks the ball on the cards holding it and
// tests those cards' masks against the pattern (the only cards that can win with that ball).
const cards = generateBalancedSet(300, { random: seededRandomSource('be'.repeat(32)) }).map((card, i) => ({
  cartelaNumber: i + 1,
  card,
}));
const games = Array.from({ length: 400 }, () => drawOrder(randomSeedHex()));
let worstMedian = 0;
for (const pattern of ['full-house', 'four-corners', 'any-one-line', 'any-two-lines']) {
  const checker = createWinChecker(cards, pattern);
  const perCall: number[] = [];
  const perGame: number[] = [];
  let sink = 0;
  for (let round = 0; round < 3; round++) {
    for (const order of games) {
      checker.reset();
      const g0 = performance.now();
      for (const n of order) {
        const t0 = performance.now();
        sink += checker.call(n).length;
        perCall.push((performance.now() - t0) * 1000);
      }
      perGame.push(((performance.now() - g0) * 1000) / order.length);
    }
  }
  const m = median(perCall.slice(perCall.length / 3)); // the first round warms the JIT
  worstMedian = Math.max(worstMedian, m);
  record(
    `win check, 300 cartelas, one call (${pattern})`,
    `median ${m.toFixed(2)} µs, p99 ${quantile(perCall, 0.99).toFixed(2)} µs, game mean ${median(perGame).toFixed(2)} µs/call [${sink > 0 ? 'winners found' : 'no winner'}]`,
  );
}
record('win check after one call: worst pattern median', `${worstMedian.toFixed(2)} µs`, {
  text: '< 50 µs',
  pass: worstMedian < 50,
});

// The same 300 cards scanned in full (every mask tested), for comparison.
{
  const checker = createWinChecker(cards, 'any-two-lines', { calledNumbers: games[0]!.slice(0, 40) });
  const times: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const t0 = performance.now();
    checker.complete();
    times.push((performance.now() - t0) * 1000);
  }
  record('full scan of all 300 masks (any-two-lines)', `median ${median(times.slice(5000)).toFixed(2)} µs`);
}

// 2. drawOrder for one seed.
{
  const seeds = Array.from({ length: 2000 }, randomSeedHex);
  const batches: number[] = [];
  for (let round = 0; round < 15; round++) {
    const t0 = performance.now();
    for (const s of seeds) drawOrder(s);
    batches.push(((performance.now() - t0) * 1000) / seeds.length);
  }
  const m = median(batches.slice(3));
  record('drawOrder, one seed', `${m.toFixed(1)} µs`, { text: '< 200 µs', pass: m < 200 });
  const game = games[0]!;
  const seed = seeds[0]!;
  const t0 = performance.now();
  for (let i = 0; i < 2000; i++) verifyGame({ commitment: '0'.repeat(64), seedHex: seed, calls: game });
  record(
    'verifyGame, commitment check only (fails fast)',
    `${(((performance.now() - t0) * 1000) / 2000).toFixed(1)} µs`,
  );
  const order = drawOrder(seed);
  const { seedCommitment } = await import('@cartela/core');
  const commitment = seedCommitment(seed);
  const t1 = performance.now();
  for (let i = 0; i < 2000; i++) verifyGame({ commitment, seedHex: seed, calls: order, shuffles: [20, 40] });
  record(
    'verifyGame, 75 calls and 2 shuffles',
    `${(((performance.now() - t1) * 1000) / 2000).toFixed(1)} µs`,
  );
}

// 3. A balanced set of 300 cartelas.
{
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    generateBalancedSet(300);
    times.push(performance.now() - t0);
  }
  const m = median(times.slice(5));
  record('generateBalancedSet(300)', `${m.toFixed(2)} ms`, { text: '< 200 ms', pass: m < 200 });
}

// Context: the engine and one claim.
{
  const created = createGame({
    gameId: 'bench',
    patternId: 'any-one-line',
    cartelas: cards,
    seedHex: randomSeedHex(),
  });
  if (!created.ok) throw new Error(created.error.message);
  const times: number[] = [];
  for (let round = 0; round < 200; round++) {
    let state: GameState = created.state;
    const t0 = performance.now();
    for (let i = 0; i < 75; i++) {
      const r = gameReducer(state, { type: 'call-next' });
      if (!r.ok) break;
      state = r.state;
    }
    times.push(((performance.now() - t0) * 1000) / 75);
  }
  record('gameReducer call-next (300 cartelas in the state)', `${median(times.slice(50)).toFixed(2)} µs`);
  const claimTimes: number[] = [];
  const called = games[1]!.slice(0, 30);
  for (let i = 0; i < 20_000; i++) {
    const t0 = performance.now();
    checkClaim({ card: cards[i % 300]!.card, patternId: 'any-two-lines', calledNumbers: called });
    claimTimes.push((performance.now() - t0) * 1000);
  }
  record('checkClaim, one card (validation modal)', `${median(claimTimes.slice(5000)).toFixed(2)} µs`);
}

const width = Math.max(...rows.map((r) => r.name.length));
console.log(`@cartela/core benchmarks (Node ${process.version}, ${process.arch})`);
for (const r of rows) {
  const verdict = r.target ? `  target ${r.target}: ${r.pass ? 'PASS' : 'FAIL'}` : '';
  console.log(`${r.name.padEnd(width)}  ${r.value}${verdict}`);
}
const failed = rows.filter((r) => r.pass === false).length;
console.log(failed === 0 ? 'All core targets met.' : `${failed} core target(s) missed.`);
process.exitCode = failed === 0 ? 0 : 1;
