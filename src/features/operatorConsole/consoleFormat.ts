import { counted } from '../../domain/counted';
import { visible } from '../../domain/visibleText';

/** How the console writes numbers and dates: British English, days in UTC as the server counts them. */

const countFormat = new Intl.NumberFormat('en-GB');

export const formatCount = (value: number) => countFormat.format(value);

/** "1,204 codes", "1 code". */
export const formatCounted = (count: number, one: string, many?: string) =>
  counted(count, one, many, formatCount);

/** "78%", or "—" when there is nothing to take a share of. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—';
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** A YYYY-MM-DD day of the server's count: "24 Nov". */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** A moment, as a date: "2 October 2026". */
export const formatDate = (isoTime: string) => longDayFormat.format(new Date(isoTime));

/** Whole days from `isoTime` to `now`. */
export function daysSince(isoTime: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(isoTime)) / (24 * 60 * 60 * 1000)));
}

/** A cohort's name: its label (escaped, as all stored text), or what the codes without one are called. */
export const cohortName = (label: string | null) => (label === null ? 'No label' : visible(label));
