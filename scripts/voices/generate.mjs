#!/usr/bin/env node
// `npm run voices [-- am en om]`: generates the default voice packs (issue 9, decisions 047 and 078), all of them
// or those of the languages named, into apps/web/public/assets/voices/ (Amharic, the default), .../voices/en/
// (English) and .../voices/om/ (Afaan Oromoo): the 75 number calls and every special sound of the
// contract's VOICE_PACK_FILES. Speech comes from espeak-ng, the non-speech sounds are synthesised by ffmpeg
// (sounds.mjs). Every clip is mono, trimmed of silence, loudness-normalised (EBU R128, two passes) and encoded
// at the lowest bitrate of its ladder that makes it at least VOICE_MIN_BYTES. Both packs are built in a temporary
// folder and checked (pack-rules.mjs, plus ffprobe) before they replace the committed files, so a failed run
// changes nothing. Needs: apt-get install espeak-ng ffmpeg.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { NUMBER_VOICE_PATHS, SPECIAL_SOUNDS, VOICE_MIN_BYTES } from '@cartela/contract';
import { letterOf } from '@cartela/core';
import { checkPack, DEFAULT_PACK_DIRS, PACK_MAX_BYTES } from './pack-rules.mjs';
import { SYNTHS } from './sounds.mjs';
import { callText, LANGUAGES } from './texts.mjs';

const exec = promisify(execFile);
/** The packs to make: those of the languages on the command line, else every one. */
const ASKED = process.argv.slice(2);
const PACKS = ASKED.length ? DEFAULT_PACK_DIRS.filter((p) => ASKED.includes(p.language)) : DEFAULT_PACK_DIRS;
const JOBS = 2; // the machine is shared; two encoders at a time is enough (~1 min for both packs)

/** Loudness target (EBU R128 integrated loudness) and the true-peak ceiling that may hold a clip below it. */
const TARGET_LUFS = -16;
const PEAK_CEILING_DBTP = -1;
/** Trims silence at both ends (the end by reversing), keeping 30 ms of the natural lead-in and tail. */
const TRIM_ONE_END = 'silenceremove=start_periods=1:start_threshold=-50dB:start_silence=0.03';
const TRIM = `${TRIM_ONE_END},areverse,${TRIM_ONE_END},areverse`;
/**
 * Bitrates tried in order (kbit/s, mono 44.1 kHz): the first is the quality floor; a short clip moves up until
 * it reaches VOICE_MIN_BYTES, so no file needs padding.
 */
const LADDERS = {
  speechMp3: [64, 80, 96, 112, 128, 160, 192],
  speechM4a: [64, 80, 96, 112, 128, 160, 192],
  music: [96, 112, 128, 160, 192],
};
/** What the generator accepts of a finished clip (beyond pack-rules.mjs). */
const LIMITS = {
  numberSeconds: [0.6, 2.5],
  specialSeconds: [0.5, 6],
  /** Not silent: the loudest sample and the average level, in dBFS. */
  minMaxVolumeDb: -12,
  minMeanVolumeDb: -40,
};

async function run(cmd, args) {
  try {
    return await exec(cmd, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${error.stderr || error.message}`);
  }
}

async function requireTools() {
  for (const [cmd, args] of [
    ['espeak-ng', ['--version']],
    ['ffmpeg', ['-version']],
    ['ffprobe', ['-version']],
  ]) {
    try {
      await exec(cmd, args);
    } catch {
      console.error(`${cmd} is missing: apt-get install espeak-ng ffmpeg`);
      process.exit(1);
    }
  }
  if (PACKS.length === 0 || PACKS.length < ASKED.length) {
    console.error(
      `No default pack for ${ASKED.join(', ')}: the packs are ${DEFAULT_PACK_DIRS.map((p) => p.language)}`,
    );
    process.exit(1);
  }
  for (const { voice } of PACKS.map((p) => LANGUAGES[p.language])) {
    const { stdout } = await exec('espeak-ng', [`--voices=${voice}`]);
    if (!new RegExp(`\\s${voice}\\s`).test(stdout.split('\n').slice(1).join('\n'))) {
      console.error(`espeak-ng has no voice '${voice}': install Debian's espeak-ng-data`);
      process.exit(1);
    }
  }
}

/** Pass 1: the trimmed clip's integrated loudness (LUFS) and true peak (dBTP), measured by ffmpeg's ebur128. */
async function measureLoudness(wav) {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    wav,
    '-af',
    `${TRIM},ebur128=peak=true:framelog=verbose`,
    '-f',
    'null',
    '-',
  ]);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = Number(summary.match(/I:\s+(-?[\d.]+) LUFS/)?.[1]);
  const truePeak = Number(summary.match(/Peak:\s+(-?[\d.]+) dBFS/)?.[1]);
  if (!Number.isFinite(integrated) || !Number.isFinite(truePeak))
    throw new Error(`${wav}: no loudness measured`);
  return { integrated, truePeak };
}

/**
 * Pass 2: trims and applies one gain, mono 44.1 kHz PCM. The gain brings the clip to TARGET_LUFS unless that
 * would push its true peak over PEAK_CEILING_DBTP; then the peak decides (the clip ends a little quieter rather
 * than clipped or squashed by a limiter). ffmpeg 5.1's loudnorm is not used: on clips under 3 s its linear mode
 * leaves them ~40 dB too quiet.
 */
async function normalise(raw, out) {
  const { integrated, truePeak } = await measureLoudness(raw);
  const gain = Math.min(TARGET_LUFS - integrated, PEAK_CEILING_DBTP - truePeak);
  await run('ffmpeg', [
    '-hide_banner',
    '-y',
    '-i',
    raw,
    '-af',
    `${TRIM},volume=${gain.toFixed(2)}dB,aresample=44100`,
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    out,
  ]);
  return { lufs: Math.min(TARGET_LUFS, integrated + gain) };
}

/** Encodes a normalised clip at the lowest bitrate of its ladder that gives at least VOICE_MIN_BYTES. */
async function encode(wav, dest, ladder) {
  const m4a = dest.endsWith('.m4a');
  for (const kbps of ladder) {
    const codec = m4a
      ? ['-c:a', 'aac', '-b:a', `${kbps}k`, '-movflags', '+faststart']
      : ['-c:a', 'libmp3lame', '-b:a', `${kbps}k`, '-id3v2_version', '0', '-write_id3v1', '0'];
    // bitexact and no metadata: a run again on the same tools writes the same bytes (no git churn).
    await run('ffmpeg', [
      '-hide_banner',
      '-y',
      '-i',
      wav,
      '-ac',
      '1',
      '-ar',
      '44100',
      ...codec,
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      dest,
    ]);
    const bytes = statSync(dest).size;
    if (bytes >= VOICE_MIN_BYTES) return { kbps, bytes };
  }
  throw new Error(`${dest}: under ${VOICE_MIN_BYTES} bytes even at ${ladder.at(-1)} kbit/s`);
}

/** What ffprobe and volumedetect say of a finished clip. */
async function inspect(file) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,channels,sample_rate:format=duration,format_name',
    '-of',
    'json',
    file,
  ]);
  const probe = JSON.parse(stdout);
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    file,
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  const level = (name) =>
    Number(stderr.match(new RegExp(`${name}: (-?[\\d.]+) dB`))?.[1] ?? Number.NEGATIVE_INFINITY);
  return {
    codec: probe.streams[0]?.codec_name,
    channels: probe.streams[0]?.channels,
    seconds: Number(probe.format.duration),
    maxDb: level('max_volume'),
    meanDb: level('mean_volume'),
  };
}

/** Runs `tasks` (functions returning promises) `limit` at a time; rejects on the first failure. */
async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

function clipProblems(file, info, isNumber) {
  const problems = [];
  const codec = file.endsWith('.m4a') ? 'aac' : 'mp3';
  if (info.codec !== codec) problems.push(`codec ${info.codec}, not ${codec}`);
  if (info.channels !== 1) problems.push(`${info.channels} channels, not mono`);
  const [lo, hi] = isNumber ? LIMITS.numberSeconds : LIMITS.specialSeconds;
  if (!(info.seconds >= lo && info.seconds <= hi)) problems.push(`${info.seconds} s, not ${lo}-${hi} s`);
  if (info.maxDb < LIMITS.minMaxVolumeDb || info.meanDb < LIMITS.minMeanVolumeDb)
    problems.push(`too quiet (max ${info.maxDb} dB, mean ${info.meanDb} dB)`);
  return problems.map((p) => `${file}: ${p}`);
}

async function main() {
  await requireTools();
  const started = Date.now();
  const work = mkdtempSync(path.join(os.tmpdir(), 'cartela-voices-'));
  try {
    const tasks = [];
    // The non-speech sounds are the same in both packs: synthesised once, copied into each.
    const synthesised = {};
    for (const sound of SPECIAL_SOUNDS.filter((s) => !s.speech)) {
      tasks.push(async () => {
        const { graph } = SYNTHS[sound.id]();
        const script = path.join(work, `${sound.id}.graph`);
        const raw = path.join(work, `${sound.id}.raw.wav`);
        const wav = path.join(work, `${sound.id}.wav`);
        writeFileSync(script, graph);
        await run('ffmpeg', [
          '-hide_banner',
          '-y',
          '-filter_complex_script',
          script,
          '-map',
          '[out]',
          '-ac',
          '1',
          raw,
        ]);
        const { lufs } = await normalise(raw, wav);
        const dest = path.join(work, 'shared', sound.file);
        mkdirSync(path.dirname(dest), { recursive: true });
        synthesised[sound.file] = await encode(wav, dest, LADDERS.music);
        return { pack: 'both', file: sound.file, isNumber: false, lufs, ...synthesised[sound.file], dest };
      });
    }
    for (const pack of PACKS) {
      const lang = LANGUAGES[pack.language];
      const speech = [
        ...NUMBER_VOICE_PATHS.map((file, i) => ({
          file,
          text: callText(pack.language, letterOf(i + 1), i + 1),
          isNumber: true,
        })),
        ...SPECIAL_SOUNDS.filter((s) => s.speech).map((s) => ({
          file: s.file,
          text: lang.speech[s.id],
          isNumber: false,
        })),
      ];
      for (const clip of speech) {
        tasks.push(async () => {
          const base = path.join(work, pack.language, clip.file.replace(/\.\w+$/, ''));
          const dest = path.join(work, pack.language, clip.file);
          mkdirSync(path.dirname(dest), { recursive: true });
          await run('espeak-ng', [
            '-v',
            lang.voice,
            '-s',
            String(lang.speed),
            '-w',
            `${base}.raw.wav`,
            clip.text,
          ]);
          const { lufs } = await normalise(`${base}.raw.wav`, `${base}.wav`);
          const ladder = clip.file.endsWith('.m4a') ? LADDERS.speechM4a : LADDERS.speechMp3;
          const encoded = await encode(`${base}.wav`, dest, ladder);
          const { file, isNumber, text } = clip;
          return { pack: pack.language, file, isNumber, text, lufs, ...encoded, dest };
        });
      }
    }
    const clips = await pool(tasks, JOBS);

    // Every clip, inspected; then each staged pack against the pack rules; only then the committed folders.
    const problems = [];
    const infos = await pool(
      clips.map((clip) => async () => ({ clip, info: await inspect(clip.dest) })),
      JOBS,
    );
    for (const { clip, info } of infos) {
      clip.info = info;
      problems.push(...clipProblems(`${clip.pack}/${clip.file}`, info, clip.isNumber));
    }
    for (const pack of PACKS) {
      const staged = path.join(work, pack.language);
      for (const file of Object.keys(synthesised))
        copyFileSync(path.join(work, 'shared', file), path.join(staged, file));
      problems.push(...checkPack(staged).problems.map((p) => `${pack.language}: ${p}`));
    }
    if (problems.length > 0) throw new Error(`the packs break the rules:\n  ${problems.join('\n  ')}`);

    for (const pack of PACKS) {
      const staged = path.join(work, pack.language);
      for (const clip of clips.filter((c) => c.pack === pack.language || c.pack === 'both')) {
        const dest = path.join(pack.dir, clip.file);
        mkdirSync(path.dirname(dest), { recursive: true });
        copyFileSync(path.join(staged, clip.file), dest);
      }
      const { sizes, total, problems: after } = checkPack(pack.dir);
      if (after.length > 0) throw new Error(`${pack.dir}:\n  ${after.join('\n  ')}`);
      report(pack, sizes, total, clips);
    }
    const stray = PACKS.flatMap((pack) => strayFiles(pack.dir));
    if (stray.length > 0) console.warn(`Not part of a pack (remove them?):\n  ${stray.join('\n  ')}`);
    console.log(
      `${PACKS.map((p) => p.language).join(', ')} written in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function report(pack, sizes, total, clips) {
  const own = clips.filter((c) => c.pack === pack.language || c.pack === 'both');
  const [smallest] = Object.entries(sizes).sort((a, b) => a[1] - b[1]);
  const numbers = own.filter((c) => c.isNumber).map((c) => c.info.seconds);
  const lufs = own.map((c) => c.lufs);
  const bitrates = {};
  for (const c of own) bitrates[`${c.kbps}k`] = (bitrates[`${c.kbps}k`] ?? 0) + 1;
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(
    `${pack.name} (${pack.baseUrl}): ${Object.keys(sizes).length} files, ${kb(total)} of ${kb(PACK_MAX_BYTES)}; ` +
      `smallest ${smallest[0]} ${smallest[1]} bytes; number calls ${Math.min(...numbers).toFixed(2)}-` +
      `${Math.max(...numbers).toFixed(2)} s; loudness ${Math.min(...lufs).toFixed(1)} to ` +
      `${Math.max(...lufs).toFixed(1)} LUFS; bitrates ${JSON.stringify(bitrates)}`,
  );
  for (const c of own.filter((c) => !c.isNumber)) {
    console.log(
      `  ${c.file}: ${c.info.seconds.toFixed(2)} s, ${c.lufs.toFixed(1)} LUFS, ${c.kbps} kbit/s, ${c.bytes} bytes`,
    );
  }
}

/** Audio files in a pack's folders that the layout does not name (the English pack's folder excepted). */
function strayFiles(dir) {
  const expected = new Set([...NUMBER_VOICE_PATHS, ...SPECIAL_SOUNDS.map((s) => s.file)]);
  const nested = new Set(DEFAULT_PACK_DIRS.map((p) => path.resolve(p.dir)));
  const found = [];
  const walk = (sub) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name);
      if (entry.isDirectory()) {
        if (!nested.has(path.resolve(dir, rel))) walk(rel);
      } else if (!expected.has(rel.split(path.sep).join('/'))) found.push(path.join(dir, rel));
    }
  };
  walk('');
  return found;
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
