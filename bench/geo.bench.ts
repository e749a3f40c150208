/**
 * GPX parsing benchmark: @cordata/geo against @we-gold/gpxjs, gpxparser and @tmcw/togeojson + @xmldom/xmldom,
 * on the same generated files. Run from the repository root: `npx tsx bench/geo.bench.ts`
 * (`--all`: also try the others on 1M points; `--only-cordata`: skip the others).
 *
 * Each measurement runs in its own Node process, so that peak RSS belongs to one parser only. The GPX files are
 * generated into a temporary directory and deleted afterwards; results go to bench/results/geo.json (gitignored).
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Ours runs 5 times (first run = cold JIT, plus a median); the others, 10–40× slower, once: first runs are compared. */
const OUR_RUNS = 5;
const THEIR_RUNS = 1;
const BUDGET_MS = 500;
const BUDGET_RSS_MB = 250;

type Contender = 'cordata' | 'cordata-unlimited' | 'gpxjs' | 'gpxparser' | 'togeojson';

interface Measurement {
  contender: Contender;
  file: string;
  ok: boolean;
  outcome: string;
  firstRunMs: number;
  /** CPU time of the first run (main thread and GC helpers): less sensitive than wall time to a busy machine. */
  firstRunCpuMs: number;
  /** Peak RSS of the process up to the end of the first run. */
  firstRunPeakRssMb: number;
  runs: number;
  medianMs: number;
  baselineRssMb: number;
  peakRssMb: number;
  heapAfterMb: number;
  heapTotalMb: number;
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

// ---------------------------------------------------------------- generated files

/** A realistic recording: a point every ~5 m and every second, elevation drifting with ±1.5 m of noise. */
async function writeTrack(path: string, pointCount: number): Promise<void> {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const out = createWriteStream(path);
  const write = (chunk: string) =>
    out.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<gpx version="1.1" creator="cordata-bench" xmlns="http://www.topografix.com/GPX/1/1">\n' +
      '  <metadata><name>Bench track</name></metadata>\n' +
      '  <wpt lat="45.4642000" lon="9.1900000"><ele>120</ele><name>Start</name><sym>Flag</sym></wpt>\n' +
      '  <trk>\n    <name>Bench</name>\n    <trkseg>\n',
  );
  let latitude = 45.4642;
  let longitude = 9.19;
  let heading = 0;
  let trend = 120;
  const startMs = Date.UTC(2024, 4, 1, 8);
  let chunk = '';
  for (let index = 0; index < pointCount; index++) {
    heading += (random() - 0.5) * 0.3;
    latitude += Math.cos(heading) * 0.000045;
    longitude += Math.sin(heading) * 0.000064;
    trend += Math.sin(index / 3000) * 0.25;
    const elevation = trend + (random() - 0.5) * 3;
    const time = new Date(startMs + index * 1000).toISOString().replace('.000Z', 'Z');
    chunk +=
      `      <trkpt lat="${latitude.toFixed(7)}" lon="${longitude.toFixed(7)}">\n` +
      `        <ele>${elevation.toFixed(1)}</ele>\n        <time>${time}</time>\n      </trkpt>\n`;
    if (index % 10_000 === 9_999) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(`${chunk}    </trkseg>\n  </trk>\n</gpx>\n`);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

// ---------------------------------------------------------------- one measurement (child process)

interface Summary {
  points: number;
  distanceMetres: number;
  elevationGainMetres: number;
}

/** Parse + the figures each library offers (distance, elevation gain); ours adds profile, simplified line, bounds. */
async function loadContender(contender: Contender): Promise<(text: string) => Summary> {
  const require = createRequire(import.meta.url);
  switch (contender) {
    case 'cordata':
    case 'cordata-unlimited': {
      const geo = await import('../packages/geo/src/index.ts');
      const limits =
        contender === 'cordata-unlimited'
          ? { maxBytes: Number.POSITIVE_INFINITY, maxPoints: Number.POSITIVE_INFINITY }
          : {};
      return (text) => {
        const stats = geo.routeStats(geo.parseGpx(text, limits));
        return {
          points: stats.pointCount,
          distanceMetres: stats.totalDistance,
          elevationGainMetres: stats.totalElevationGain,
        };
      };
    }
    case 'gpxjs': {
      const { parseGPXWithCustomParser } = await import('@we-gold/gpxjs');
      const { DOMParser } = require('@xmldom/xmldom');
      return (text) => {
        const [parsed, error] = parseGPXWithCustomParser(
          text,
          (source) => new DOMParser().parseFromString(source, 'text/xml') as unknown as Document,
        );
        if (error || parsed === null) throw error ?? new Error('no result');
        const track = parsed.tracks[0];
        return {
          points: track?.points.length ?? 0,
          distanceMetres: track?.distance.total ?? 0,
          elevationGainMetres: track?.elevation.positive ?? 0,
        };
      };
    }
    case 'gpxparser': {
      // gpxparser needs a DOM: in Node it installs jsdom globals (jsdom-global) when it is required.
      const GpxParser = require('gpxparser');
      return (text) => {
        const parser = new GpxParser();
        parser.parse(text);
        const track = parser.tracks[0];
        return {
          points: track?.points.length ?? 0,
          distanceMetres: track?.distance.total ?? 0,
          elevationGainMetres: track?.elevation.pos ?? 0,
        };
      };
    }
    case 'togeojson': {
      const { gpx } = await import('@tmcw/togeojson');
      const { DOMParser } = require('@xmldom/xmldom');
      const geo = await import('../packages/geo/src/index.ts');
      return (text) => {
        const collection = gpx(new DOMParser().parseFromString(text, 'text/xml'));
        let points = 0;
        let distance = 0;
        let gain = 0;
        for (const feature of collection.features) {
          if (feature.geometry?.type !== 'LineString') continue;
          const coordinates = feature.geometry.coordinates;
          points += coordinates.length;
          for (let index = 1; index < coordinates.length; index++) {
            const [fromLongitude, fromLatitude, fromElevation] = coordinates[index - 1] ?? [];
            const [toLongitude, toLatitude, toElevation] = coordinates[index] ?? [];
            distance += geo.haversineMetres(
              { latitude: fromLatitude ?? 0, longitude: fromLongitude ?? 0 },
              { latitude: toLatitude ?? 0, longitude: toLongitude ?? 0 },
            );
            if (fromElevation !== undefined && toElevation !== undefined && toElevation > fromElevation) {
              gain += toElevation - fromElevation;
            }
          }
        }
        return { points, distanceMetres: distance, elevationGainMetres: gain };
      };
    }
  }
}

async function measure(contender: Contender, file: string, runs: number): Promise<Measurement> {
  const result: Measurement = {
    contender,
    file,
    ok: false,
    outcome: '',
    firstRunMs: Number.NaN,
    firstRunCpuMs: Number.NaN,
    firstRunPeakRssMb: 0,
    runs,
    medianMs: Number.NaN,
    baselineRssMb: 0,
    peakRssMb: 0,
    heapAfterMb: 0,
    heapTotalMb: 0,
  };
  let run: (text: string) => Summary;
  try {
    run = await loadContender(contender);
  } catch (error) {
    result.outcome = `not installed or not loadable: ${String(error).split('\n')[0]}`;
    return result;
  }
  const text = readFileSync(file, 'utf8');
  result.baselineRssMb = megabytes(process.resourceUsage().maxRSS * 1024);
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    try {
      const summary = run(text);
      result.ok = true;
      result.outcome = `${summary.points} points, ${(summary.distanceMetres / 1000).toFixed(2)} km, +${summary.elevationGainMetres.toFixed(0)} m`;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message : String(error);
      result.outcome = `refused: ${typeof code === 'string' ? `${code} ` : ''}${message.slice(0, 70)}`;
    }
    times.push(performance.now() - started);
    if (index === 0) {
      const cpu = process.cpuUsage(cpuBefore);
      result.firstRunCpuMs = Math.round((cpu.user + cpu.system) / 1000);
      result.firstRunPeakRssMb = megabytes(process.resourceUsage().maxRSS * 1024);
      const memory = process.memoryUsage();
      result.heapAfterMb = megabytes(memory.heapUsed);
      result.heapTotalMb = megabytes(memory.heapTotal);
    }
  }
  result.firstRunMs = Math.round(times[0] ?? Number.NaN);
  result.medianMs = Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN);
  result.peakRssMb = megabytes(process.resourceUsage().maxRSS * 1024);
  return result;
}

// ---------------------------------------------------------------- orchestration (parent process)

function measureInChild(contender: Contender, file: string, runs: number): Measurement {
  try {
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--max-old-space-size=4096',
        fileURLToPath(import.meta.url),
        '--child',
        contender,
        file,
        String(runs),
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    return JSON.parse(output.trim().split('\n').at(-1) ?? '') as Measurement;
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n').slice(0, 2).join(' ') : String(error);
    return {
      contender,
      file,
      ok: false,
      outcome: `crashed: ${detail.slice(0, 100)}`,
      firstRunMs: Number.NaN,
      firstRunCpuMs: Number.NaN,
      firstRunPeakRssMb: 0,
      runs,
      medianMs: Number.NaN,
      baselineRssMb: 0,
      peakRssMb: 0,
      heapAfterMb: 0,
      heapTotalMb: 0,
    };
  }
}

function printTable(title: string, rows: Measurement[]): void {
  console.log(`\n${title}`);
  console.table(
    rows.map((row) => ({
      parser: row.contender,
      'first run ms': row.firstRunMs,
      'first run CPU ms': row.firstRunCpuMs,
      'first run peak RSS MB': row.firstRunPeakRssMb,
      runs: row.runs,
      'median ms': row.medianMs,
      'peak RSS MB (all runs)': row.peakRssMb,
      'RSS before MB': row.baselineRssMb,
      'heap used MB': row.heapAfterMb,
      'heap total MB': row.heapTotalMb,
      result: row.outcome,
    })),
  );
}

async function main(): Promise<void> {
  const includeOthersOnMillion = process.argv.includes('--all');
  const directory = mkdtempSync(join(tmpdir(), 'cordata-geo-bench-'));
  try {
    const file100k = join(directory, 'track-100k.gpx');
    const file1m = join(directory, 'track-1m.gpx');
    await writeTrack(file100k, 100_000);
    await writeTrack(file1m, 1_000_000);
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    console.log(`Node ${process.version}, ${cpus().length} cores, load average ${load}; files in ${directory}:`);
    console.log(
      `  100 000 points: ${megabytes(statSync(file100k).size)} MB; 1 000 000 points: ${megabytes(statSync(file1m).size)} MB`,
    );
    console.log('  cordata = parseGpx + routeStats (distance, both gains, profile, simplified line, bounds);');
    console.log('  the others = their parser + the distance and gain they compute (togeojson: a plain loop added).');
    console.log('  peak RSS = whole child process (Node, tsx, the file text); heap = right after the first run.');

    const onlyOurs = process.argv.includes('--only-cordata');
    const contenders: Contender[] = onlyOurs ? ['cordata'] : ['cordata', 'gpxjs', 'gpxparser', 'togeojson'];
    const small = contenders.map((contender) =>
      measureInChild(contender, file100k, contender === 'cordata' ? OUR_RUNS : THEIR_RUNS),
    );
    printTable('100 000-point track', small);

    const millionContenders: Contender[] = [
      'cordata',
      'cordata-unlimited',
      ...(includeOthersOnMillion ? contenders.slice(1) : []),
    ];
    const million = millionContenders.map((contender) => measureInChild(contender, file1m, 1));
    printTable(
      '1 000 000-point track (cordata: refused by the 20 MB limit; cordata-unlimited: limits lifted)',
      million,
    );

    const ours = small[0];
    const checks: [string, boolean][] = [];
    if (ours) {
      checks.push([
        `cordata 100k under ${BUDGET_MS} ms (first run ${ours.firstRunMs} ms wall, ${ours.firstRunCpuMs} ms CPU, median ${ours.medianMs} ms)`,
        ours.ok && ours.firstRunMs < BUDGET_MS,
      ]);
      checks.push([
        `cordata 100k under ${BUDGET_RSS_MB} MB peak RSS (${ours.firstRunPeakRssMb} MB, whole process)`,
        ours.ok && ours.firstRunPeakRssMb < BUDGET_RSS_MB,
      ]);
      for (const other of small.slice(1)) {
        checks.push(
          other.ok
            ? [
                `cordata faster than ${other.contender} (first runs: ${ours.firstRunMs} vs ${other.firstRunMs} ms)`,
                ours.firstRunMs < other.firstRunMs,
              ]
            : [`${other.contender} could not be measured: ${other.outcome}`, true],
        );
      }
    }
    for (const measurement of million.filter((row) => row.contender.startsWith('cordata'))) {
      checks.push([
        `${measurement.contender} on 1M points ends cleanly: ${measurement.outcome}`,
        !measurement.outcome.startsWith('crashed'),
      ]);
    }
    console.log('');
    for (const [label, passed] of checks) console.log(`${passed ? 'PASS' : 'FAIL'}  ${label}`);

    const resultsDirectory = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(resultsDirectory, { recursive: true });
    writeFileSync(
      join(resultsDirectory, 'geo.json'),
      `${JSON.stringify({ node: process.version, small, million, checks }, null, 2)}\n`,
    );
    if (checks.some(([, passed]) => !passed)) process.exitCode = 1;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const childIndex = process.argv.indexOf('--child');
if (childIndex !== -1) {
  const [contender, file, runs] = process.argv.slice(childIndex + 1);
  const measurement = await measure(contender as Contender, file ?? '', Number(runs ?? OUR_RUNS));
  console.log(JSON.stringify(measurement));
} else {
  await main();
}
