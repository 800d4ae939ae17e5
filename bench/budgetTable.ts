import type { LoadResult } from './httpLoad';
import type { RegistrationLoadResult } from './registrationLoad';

export type Engine = 'pglite' | 'postgres';

export interface BenchMeasurements {
  engine: Engine;
  /** In-process sequential `findInviteCode` on PGlite, queries per second (embedded runs only). */
  embeddedLookupRate?: number;
  health: LoadResult;
  validateCode: LoadResult;
  registrations: RegistrationLoadResult & { seconds: number; photoBytes: number };
  /** Acknowledged registrations found whole after the server stopped, and what should not exist. */
  storage: { acknowledged: number; storedWhole: number; incompleteUsers: number; orphans: number };
  /** Whether each invite code's `uses` equals the users registered with it. */
  usesMatchUsers: boolean;
  /** Two seconds after a restart on an existing DATA_DIR, before any load. */
  idleRssMb: number;
  peakRssMb: number;
  /** The first start on an empty DATA_DIR, which runs initdb (embedded runs only). */
  firstStartPeakMb?: number;
  pixelBomb: { statuses: number[]; rssBeforeMb: number; rssPeakMb: number };
}

interface Row {
  figure: string;
  measured: string;
  budget: string;
  /** Measured ÷ budget: ≥ 1 is good for a floor, ≤ 1 for a ceiling. */
  ratio?: number;
  pass?: boolean;
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** How much RSS may move while the bombs are refused before we call it a rise (allocator noise). */
export const PIXEL_BOMB_RSS_TOLERANCE_MB = 16;

function budgetRows(m: BenchMeasurements): Row[] {
  const rows: Row[] = [
    {
      figure: 'GET /health, 50 connections',
      measured: `${number(m.health.requestsPerSecond)} req/s, p99 ${m.health.p99Ms} ms`,
      budget: '(reference)',
    },
  ];
  const validate = m.validateCode;
  if (m.engine === 'pglite') {
    const lookup = m.embeddedLookupRate ?? NaN;
    rows.push(
      {
        figure: 'embedded indexed lookup (in-process, sequential)',
        measured: `${number(lookup)} queries/s`,
        budget: '(the floor)',
      },
      {
        // DESIGN §6 budgets validate-code on PostgreSQL; on the one-connection embedded engine the
        // in-process lookup rate is the ceiling it is read against.
        figure: 'validate-code throughput, 50 connections',
        measured: `${number(validate.requestsPerSecond)} req/s (${number((100 * validate.requestsPerSecond) / lookup)} % of lookup)`,
        budget: '(reference)',
      },
    );
  } else {
    rows.push({
      figure: 'validate-code throughput, 50 connections',
      measured: `${number(validate.requestsPerSecond)} req/s`,
      budget: '≥ 5,000 req/s',
      ratio: validate.requestsPerSecond / 5000,
      pass: validate.requestsPerSecond >= 5000,
    });
  }
  const p99Budget = m.engine === 'pglite' ? undefined : 30;
  const photoMb = m.registrations.photoBytes / 1e6;
  const registrationRate = m.registrations.requestsPerSecond;
  const { storage } = m;
  const storedWhole =
    storage.storedWhole === storage.acknowledged &&
    storage.incompleteUsers === 0 &&
    storage.orphans === 0 &&
    m.usesMatchUsers;
  const bomb = m.pixelBomb;
  const bombRise = bomb.rssPeakMb - bomb.rssBeforeMb;
  rows.push(
    {
      figure: 'validate-code p99 latency',
      measured: `${validate.p99Ms} ms (p50 ${validate.p50Ms} ms)`,
      budget: p99Budget === undefined ? '(reference)' : `≤ ${p99Budget} ms`,
      ratio: p99Budget === undefined ? undefined : validate.p99Ms / p99Budget,
      pass: p99Budget === undefined ? undefined : validate.p99Ms <= p99Budget,
    },
    {
      figure: 'validate-code errors + non-2xx',
      measured: `${validate.errors + validate.non2xx} of ${number(validate.total)}`,
      budget: '0',
      pass: validate.errors + validate.non2xx === 0,
    },
    {
      figure: `registrations with a ${number(photoMb, 1)} MB photo, ${m.registrations.seconds} s`,
      measured: `${number(registrationRate, 1)} /s (p99 ${number(m.registrations.p99Ms)} ms)`,
      budget: '≥ 20 /s',
      ratio: registrationRate / 20,
      pass: registrationRate >= 20,
    },
    {
      figure: 'accepted registrations stored whole',
      measured:
        `${storage.storedWhole} of ${storage.acknowledged}; ${storage.incompleteUsers} incomplete, ` +
        `${storage.orphans} orphan rows, uses ${m.usesMatchUsers ? '=' : '≠'} users`,
      budget: 'all, nothing partial',
      pass: storedWhole,
    },
    {
      figure: 'server idle RSS (after a restart)',
      measured: `${number(m.idleRssMb)} MB`,
      budget: '≤ 150 MB',
      ratio: m.idleRssMb / 150,
      pass: m.idleRssMb <= 150,
    },
    {
      figure: 'server peak RSS (start-up and all the loads above)',
      measured: `${number(m.peakRssMb)} MB`,
      budget: '≤ 250 MB',
      ratio: m.peakRssMb / 250,
      pass: m.peakRssMb <= 250,
    },
    {
      figure: `pixel bomb PNG x${bomb.statuses.length} (20000×20000)`,
      measured: `statuses ${[...new Set(bomb.statuses)].join(',')}; RSS ${number(bomb.rssBeforeMb)} → peak ${number(bomb.rssPeakMb)} MB`,
      budget: `413, RSS rise ≤ ${PIXEL_BOMB_RSS_TOLERANCE_MB} MB`,
      pass: bomb.statuses.every((status) => status === 413) && bombRise <= PIXEL_BOMB_RSS_TOLERANCE_MB,
    },
  );
  if (m.firstStartPeakMb !== undefined) {
    rows.push({
      figure: 'first start on an empty DATA_DIR (initdb), peak RSS',
      measured: `${number(m.firstStartPeakMb)} MB`,
      budget: '(one-off, reference)',
    });
  }
  return rows;
}

export function formatBudgetTable(measurements: BenchMeasurements): string {
  const header = ['Figure', 'Measured', 'Budget', 'Ratio', 'Result'];
  const lines = budgetRows(measurements).map((row) => [
    row.figure,
    row.measured,
    row.budget,
    row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
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
