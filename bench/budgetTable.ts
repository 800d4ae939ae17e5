import type { WrkResult } from './wrkLoad';
import type { RegistrationLoadResult } from './registrationLoad';
import type { RoomResult } from './roomLoad';
import type { SoakResult } from './soakLoad';

export type Engine = 'pglite' | 'postgres';

/** Ours against a floor in interleaved rounds (bench/floorRatios.ts). */
export interface Comparison {
  /** Mean requests/s over all rounds, ours and the floor's. */
  ours: number;
  floor: number;
  /** Each round's ratio, for the spread. */
  roundRatios: number[];
  /** p99 of the median round, ours and the floor's. */
  p99Ms: number;
  floorP99Ms: number;
}

/** Whether every accepted registration was found whole after the server stopped. */
export interface StorageAudit {
  acknowledged: number;
  storedWhole: number;
  incompleteUsers: number;
  orphans: number;
  usesMatchUsers: boolean;
}

export interface EngineMeasurements {
  engine: Engine;
  /** Two seconds after a start on an existing DATA_DIR (or database), before any load. */
  idleRssMb: number;
  /** The first start on an empty DATA_DIR, which runs initdb (embedded only). */
  firstStartPeakMb?: number;
  validateCode: WrkResult;
  health?: Comparison;
  landing?: Comparison & { notModified: boolean };
  registrations: RegistrationLoadResult & { floor: number; roundRatios: number[]; photoBytes: number };
  /** The server's peak RSS through start-up, every load and the registration bench. */
  peakRssMb: number;
  pixelBomb: { statuses: number[]; rssBeforeMb: number; rssPeakMb: number };
  room?: RoomResult & { photoBytes: number };
  soak?: SoakResult;
  storage: StorageAudit;
}

export interface Row {
  engine: string;
  figure: string;
  measured: string;
  budget: string;
  pass?: boolean;
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percent = (ratio: number) => `${Math.round(100 * ratio)} %`;
const spread = (ratios: number[]) => `rounds ${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))}`;

/** How much RSS may move while the bombs are refused before we call it a rise (allocator noise). */
export const PIXEL_BOMB_RSS_TOLERANCE_MB = 16;

export function isStoredWhole(storage: StorageAudit): boolean {
  return (
    storage.storedWhole === storage.acknowledged &&
    storage.incompleteUsers === 0 &&
    storage.orphans === 0 &&
    storage.usesMatchUsers
  );
}

/** The budgets of docs/performance.md, one row each, for one engine's measurements. */
export function budgetRows(m: EngineMeasurements): Row[] {
  const engine = m.engine === 'pglite' ? 'embedded' : 'PostgreSQL';
  const rows: Row[] = [];
  const add = (row: Omit<Row, 'engine'>) => rows.push({ engine, ...row });
  if (m.health) {
    const { health } = m;
    const ratio = health.ours / health.floor;
    add({
      figure: 'GET /health, 50 conn., vs bare Fastify + PGlite',
      measured:
        `${number(health.ours)} req/s = ${percent(ratio)} of ${number(health.floor)} (${spread(health.roundRatios)}); ` +
        `p99 ${number(health.p99Ms, 1)} ms vs ${number(health.floorP99Ms, 1)} ms`,
      budget: '≥ 80 %, p99 ≤ 2× floor',
      pass: ratio >= 0.8 && health.p99Ms <= 2 * health.floorP99Ms,
    });
  }
  if (m.landing) {
    const { landing } = m;
    const ratio = landing.ours / landing.floor;
    add({
      figure: 'GET / (br), 50 conn., vs bare precompressed bytes',
      measured:
        `${number(landing.ours)} req/s = ${percent(ratio)} of ${number(landing.floor)} (${spread(landing.roundRatios)}); ` +
        `p99 ${number(landing.p99Ms, 1)} ms; ETag + 304 ${landing.notModified ? 'yes' : 'NO'}`,
      budget: '≥ 40 %; ETag + 304',
      pass: ratio >= 0.4 && landing.notModified,
    });
  }
  const validate = m.validateCode;
  const validateErrors = validate.errors + validate.non2xx;
  add({
    figure: 'GET validate-code, 50 conn.',
    measured:
      `${number(validate.requestsPerSecond)} req/s, p99 ${number(validate.p99Ms, 1)} ms` +
      (validateErrors ? `, ${validateErrors} errors` : ''),
    budget: m.engine === 'postgres' ? '≥ 5,000 req/s, p99 ≤ 30 ms' : '(reference)',
    pass:
      m.engine === 'postgres'
        ? validate.requestsPerSecond >= 5000 && validate.p99Ms <= 30 && validateErrors === 0
        : undefined,
  });
  const registrations = m.registrations;
  const registrationRatio = registrations.requestsPerSecond / registrations.floor;
  add({
    figure: `registrations, ${number(registrations.photoBytes / 1e6, 1)} MB photo, 12 conn., vs photo floor`,
    measured:
      `${number(registrations.requestsPerSecond, 1)} /s = ${percent(registrationRatio)} of ` +
      `${number(registrations.floor, 1)} (${spread(registrations.roundRatios)}); p99 ${number(registrations.p99Ms)} ms`,
    budget: '≥ 60 %',
    pass: registrationRatio >= 0.6,
  });
  const { storage } = m;
  add({
    figure: 'every accepted registration stored whole',
    measured:
      `${storage.storedWhole} of ${storage.acknowledged}; ${storage.incompleteUsers} incomplete, ` +
      `${storage.orphans} orphan rows, uses ${storage.usesMatchUsers ? '=' : '≠'} users`,
    budget: 'all, nothing partial',
    pass: isStoredWhole(storage),
  });
  if (m.room) {
    const { room } = m;
    add({
      figure: `the room: ${room.registrants} registrants, ${number(room.photoBytes / 1e6, 1)} MB photos, within 10 s`,
      measured:
        `${room.acknowledged.length} of ${room.registrants} registered (${JSON.stringify(room.statuses)}); ` +
        `p50 ${number(room.p50Ms)} ms, p95 ${number(room.p95Ms)} ms, max ${number(room.maxMs)} ms`,
      budget: `${room.registrants} of ${room.registrants}, p95 ≤ 5 s`,
      pass: room.acknowledged.length === room.registrants && room.p95Ms <= 5000,
    });
  }
  if (m.soak) {
    const { soak } = m;
    const errors = Object.values(soak.unexpected).reduce((sum, count) => sum + count, 0);
    const total = Object.values(soak.requests).reduce((sum, count) => sum + count, 0);
    add({
      figure: `the soak: ${number(soak.minutes, 0)} min mixed traffic, RSS at the end vs minute ${number(soak.rssReferenceAtMinute, 1)}`,
      measured:
        `${number(soak.rssEndMb)} MB vs ${number(soak.rssReferenceMb)} MB (${percent(soak.rssEndMb / soak.rssReferenceMb - 1)}); ` +
        `${errors} error answers of ${number(total)}${errors ? ` ${JSON.stringify(soak.unexpected)}` : ''}`,
      budget: '≤ +10 %, no error answers',
      pass: soak.rssEndMb <= soak.rssReferenceMb * 1.1 && errors === 0,
    });
    add({
      figure: 'the soak: event-loop delay',
      measured: `p99 ${number(soak.eventLoopP99Ms, 1)} ms, max ${number(soak.eventLoopMaxMs, 1)} ms`,
      budget: '(reference)',
    });
  }
  add({
    figure: 'idle RSS after start',
    measured: `${number(m.idleRssMb)} MB`,
    budget: '≤ 160 MB',
    pass: m.idleRssMb <= 160,
  });
  add({
    figure: 'peak RSS (start-up, the loads, the registration bench)',
    measured: `${number(m.peakRssMb)} MB`,
    budget: '≤ 256 MB',
    pass: m.peakRssMb <= 256,
  });
  const bomb = m.pixelBomb;
  add({
    figure: `pixel bomb PNG ×${bomb.statuses.length} (20000×20000)`,
    measured: `statuses ${[...new Set(bomb.statuses)].join(',')}; RSS ${number(bomb.rssBeforeMb)} → peak ${number(bomb.rssPeakMb)} MB`,
    budget: `413, RSS rise ≤ ${PIXEL_BOMB_RSS_TOLERANCE_MB} MB`,
    pass:
      bomb.statuses.every((status) => status === 413) &&
      bomb.rssPeakMb - bomb.rssBeforeMb <= PIXEL_BOMB_RSS_TOLERANCE_MB,
  });
  if (m.firstStartPeakMb !== undefined) {
    add({
      figure: 'first start on an empty DATA_DIR (initdb), peak RSS',
      measured: `${number(m.firstStartPeakMb)} MB`,
      budget: '(one-off, reference)',
    });
  }
  return rows;
}

/** One Markdown table for every engine measured. */
export function formatBudgetTable(rows: Row[]): string {
  const header = ['Engine', 'Figure', 'Measured', 'Budget', 'Result'];
  const lines = rows.map((row) => [
    row.engine,
    row.figure,
    row.measured,
    row.budget,
    row.pass === undefined ? '' : row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    format(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...lines.map(format),
  ].join('\n');
}
