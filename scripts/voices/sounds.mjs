// The non-speech sounds of the default packs, synthesised with ffmpeg's lavfi sources (aevalsrc, anoisesrc) and
// filters: nothing is recorded or copied. Each returns a filtergraph (for -filter_complex_script) whose output
// pad is [out]; the generator then trims, normalises and encodes it like the speech.

const RATE = 44100;

/** A small seeded PRNG (mulberry32), so that every run synthesises the same bytes. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (x) => Number(x.toFixed(4));
/** aevalsrc with the expression quoted, so that its commas are not the filtergraph's. */
const aevalsrc = (expr, seconds) => `aevalsrc='${expr}':s=${RATE}:d=${seconds}`;

/**
 * Balls rattling in a turning cage (~3 s): five trains of knocks (a short decaying tone plus a tick of noise)
 * with unrelated periods and a slow wobble, so that the knocks never fall into a rhythm, over a soft rumble.
 */
export function shuffling() {
  const seconds = 3;
  const trains = [
    { period: 0.071, freq: 2300, phase: 0.013 },
    { period: 0.093, freq: 3100, phase: 0.041 },
    { period: 0.117, freq: 2700, phase: 0.007 },
    { period: 0.131, freq: 3900, phase: 0.088 },
    { period: 0.157, freq: 1900, phase: 0.052 },
  ];
  const knocks = trains
    .map(({ period, freq, phase }, k) => {
      // Warped time: each train drifts a little ahead and behind, as balls do.
      const tau = `mod(t+${phase}+0.015*sin(2*PI*${f(0.7 + 0.23 * k)}*t+${k}),${period})`;
      const strength = `(0.55+0.45*sin(2*PI*${f(1.1 + 0.37 * k)}*t+${2 * k}))`;
      return `${strength}*exp(-${tau}*260)*(0.6*sin(2*PI*${freq}*${tau})+0.4*(random(0)*2-1))`;
    })
    .join('+');
  return {
    seconds,
    graph: [
      `${aevalsrc(`0.25*(${knocks})`, seconds)},highpass=f=700[knocks]`,
      `anoisesrc=color=brown:amplitude=0.25:seed=7:r=${RATE}:d=${seconds},lowpass=f=350,tremolo=f=2.5:d=0.6[rumble]`,
      '[knocks][rumble]amix=inputs=2:weights=1 0.35:normalize=0,afade=t=in:d=0.15,' +
        `afade=t=out:st=${seconds - 0.5}:d=0.5[out]`,
    ].join(';\n'),
  };
}

/** One note of a brassy tone (five harmonics) with a quick attack, a held decay and a release. */
function note(freq, start, hold, release = 0.25) {
  const end = start + hold;
  const tone = [1, 2, 3, 4, 5].map((h) => `${f(1 / h)}*sin(2*PI*${f(freq * h)}*t)`).join('+');
  const env =
    `min(1,(t-${f(start)})*80)*` +
    `if(lt(t,${f(end)}),exp(-(t-${f(start)})*0.9),${f(Math.exp(-hold * 0.9))}*exp(-(t-${f(end)})*${f(5 / release)}))`;
  return `between(t,${f(start)},${f(end + release * 2)})*${env}*(${tone})`;
}

/** A short winner's fanfare (~4 s): C E G rising, a held high C, a turn, then a C major chord that rings out. */
export function winning() {
  const C5 = 523.25;
  const E5 = 659.25;
  const G5 = 783.99;
  const C6 = 1046.5;
  const notes = [
    note(C5, 0, 0.14, 0.05),
    note(E5, 0.16, 0.14, 0.05),
    note(G5, 0.32, 0.14, 0.05),
    note(C6, 0.48, 0.45, 0.08),
    note(G5, 1.0, 0.14, 0.05),
    note(C6, 1.16, 0.14, 0.05),
    // The final chord, held and let ring.
    note(C5, 1.34, 1.9, 0.5),
    note(E5, 1.34, 1.9, 0.5),
    note(G5, 1.34, 1.9, 0.5),
    note(C6, 1.34, 1.9, 0.5),
  ];
  const seconds = 4.3;
  return {
    seconds,
    graph: `${aevalsrc(`0.12*(${notes.join('+')})`, seconds)},lowpass=f=6000,aecho=0.8:0.5:60:0.25[out]`,
  };
}

/**
 * Coins poured and shuffled (~2.2 s): sixteen clinks at irregular times, each a few inharmonic metal partials
 * (scaled per coin, since coins differ) over a tick of noise at the strike.
 */
export function coins() {
  const seconds = 2.2;
  const random = prng(2024);
  const clinks = [];
  let at = 0.02;
  for (let i = 0; i < 16; i++) {
    const scale = 0.88 + random() * 0.3;
    const gain = 0.45 + random() * 0.55;
    const s = f(at);
    // Clamped at 0: before its strike exp() would overflow, and inf * 0 is NaN, which silences the whole sum.
    const tau = `max(0,t-${s})`;
    const partials = [
      [2900, 1, 14],
      [4870, 0.8, 20],
      [7330, 0.6, 26],
      [10120, 0.4, 34],
    ]
      .map(([freq, amp, decay]) => `${amp}*exp(-${tau}*${decay})*sin(2*PI*${f(freq * scale)}*${tau})`)
      .join('+');
    clinks.push(
      `between(t,${s},${f(at + 0.6)})*${f(gain)}*(${partials}+0.5*exp(-${tau}*400)*(random(0)*2-1))`,
    );
    at += 0.05 + random() * 0.14;
  }
  return {
    seconds,
    graph:
      `${aevalsrc(`0.15*(${clinks.join('+')})`, seconds)},highpass=f=1200,` +
      `afade=t=out:st=${f(seconds - 0.3)}:d=0.3[out]`,
  };
}

/** The synthesised sounds by the contract's SPECIAL_SOUNDS id. */
export const SYNTHS = { shuffling, winning, coin_shuffle: coins };
