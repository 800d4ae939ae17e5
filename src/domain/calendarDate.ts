/**
 * A day an operator types (`--since`, `--expires`, the console's date fields): YYYY-MM-DD, a real
 * calendar day (no 2026-13-45, no 30 February), in years a person means. Beyond them a date is a typo,
 * and the databases' own limits (PostgreSQL has no year 0) would otherwise answer with a 500.
 */
export const CALENDAR_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2999;

/** The sentence a bad day gets, naming the field. */
export function calendarDateProblem(label: string, value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? new Date(`${value}T00:00:00.000Z`) : undefined;
  if (!match || !day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    return `${label} "${value}" is not a calendar date (YYYY-MM-DD).`;
  }
  const year = Number(match[1]);
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) {
    return `${label} "${value}" is out of range: give a day between ${EARLIEST_YEAR} and ${LATEST_YEAR}.`;
  }
  return undefined;
}
