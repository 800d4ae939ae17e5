import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { attemptCounters } from '../db/schema';
import type { CounterStore, WindowCount } from './attemptLimits';

interface CounterRow {
  count: number;
  reset_in_ms: number;
}

const rowsOf = (result: unknown) => (result as { rows: CounterRow[] }).rows;

/**
 * Fixed-window counters in the database (`attempt_counters`), for a limit whose reset would help an
 * attacker: they outlive a restart (the embedded engine's process), and every instance on one
 * PostgreSQL shares them, Redis or not. One statement a count: the limits kept here count rare
 * events (a registration whose number is already a member), never ordinary traffic.
 */
export class DatabaseCounterStore implements CounterStore {
  constructor(private readonly db: Db) {}

  async read(key: string, windowMs: number): Promise<WindowCount> {
    const [row] = rowsOf(
      await this.db.execute(sql`
        SELECT ${attemptCounters.count} AS count,
          ceil(extract(epoch FROM ${attemptCounters.windowEndsAt} - now()) * 1000)::int AS reset_in_ms
        FROM ${attemptCounters}
        WHERE ${attemptCounters.key} = ${key} AND ${attemptCounters.windowEndsAt} > now()`),
    );
    return row
      ? { count: Number(row.count), resetInMs: Number(row.reset_in_ms) }
      : { count: 0, resetInMs: windowMs };
  }

  async add(key: string, windowMs: number): Promise<WindowCount> {
    const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
    const [row] = rowsOf(
      await this.db.execute(sql`
        INSERT INTO attempt_counters (key, count, window_ends_at) VALUES (${key}, 1, ${windowEnd})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN attempt_counters.window_ends_at <= now() THEN 1 ELSE attempt_counters.count + 1 END,
          window_ends_at = CASE WHEN attempt_counters.window_ends_at <= now()
            THEN excluded.window_ends_at ELSE attempt_counters.window_ends_at END
        RETURNING count, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::int AS reset_in_ms`),
    );
    const counted = { count: Number(row!.count), resetInMs: Number(row!.reset_in_ms) };
    // A new window is the moment to let go of the ended ones: the table holds live windows only.
    if (counted.count === 1) {
      await this.db.execute(
        sql`DELETE FROM ${attemptCounters} WHERE ${attemptCounters.windowEndsAt} <= now()`,
      );
    }
    return counted;
  }
}
