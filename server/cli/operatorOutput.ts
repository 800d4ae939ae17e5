/**
 * The only way the operator's commands print. What they print comes from strangers (names, occupations,
 * labels, a receiver's error) and from a database other tools may have written: printed raw, a line
 * feed or U+2028 forges a line of a listing, ESC rewrites the terminal and a bidi override reverses
 * what follows. So output is a `Text`, which only this module makes: from code's own literals (a tagged
 * template's fixed parts) and from values it escapes itself. `print` takes nothing else, and lint keeps
 * `console` and `process.stdout` out of server/cli but for this file.
 */
import { createInterface } from 'node:readline/promises';
import { visible } from '../../src/domain/visibleText';

// The one escaping rule, shared with the console (src/domain/visibleText.ts).
export { visible };

const MADE_HERE: unique symbol = Symbol('operator output');

/** Text safe to print. */
export class Text {
  readonly text: string;
  constructor(key: typeof MADE_HERE, text: string) {
    if (key !== MADE_HERE) throw new Error('Text is made by server/cli/operatorOutput.ts only');
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

const made = (text: string) => new Text(MADE_HERE, text);

/** What may fill a cell or a template's gap: Text as it is, anything else escaped. */
export type Value = Text | string | number | null | undefined;

function shown(value: Value): string {
  if (value instanceof Text) return value.text;
  return value === null || value === undefined ? '' : visible(String(value));
}

/** A tagged template: its fixed parts are code and print as written; every value is escaped. */
export function text(fixed: TemplateStringsArray, ...values: Value[]): Text {
  return made(fixed.reduce((out, part, i) => out + (i ? shown(values[i - 1]) : '') + part, ''));
}

/** Texts one under another. */
export function lines(parts: readonly Text[]): Text {
  return made(parts.map((part) => part.text).join('\n'));
}

/** Columns padded to their widest cell, two spaces apart, each cell escaped. */
export function table(header: readonly string[], rows: readonly (readonly Value[])[]): Text {
  const cells = [header.map((title) => visible(title)), ...rows.map((row) => row.map(shown))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return made(
    cells
      .map((row) =>
        row
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n'),
  );
}

/** Cells two spaces apart on one line, each escaped. */
export function row(cells: readonly Value[]): Text {
  return made(cells.map(shown).join('  ').trimEnd());
}

/** "label  value" lines, labels padded to the longest, each value escaped. */
export function fields(rows: readonly (readonly [label: string, value: Value])[]): Text {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  return made(rows.map(([label, value]) => `${label.padEnd(width)}  ${shown(value)}`.trimEnd()).join('\n'));
}

/**
 * A spreadsheet runs a cell starting with = + - @ tab or CR as a formula. It may also split a line at
 * `;` (its list separator in many locales) rather than at our `,`, and then honours no quote in the
 * middle of a line: so a formula character right after a `,` or `;` inside a cell is neutralised too.
 * A phone number like +447911123456 is data.
 */
const FORMULA_AT_PIECE_START = /(^|[,;]\s*)(?=[=+\-@\t\r])(?!\+\d+(?:[,;]|$))/g;
// RFC 4180's separators, and `;` for the spreadsheets that split there.
const NEEDS_QUOTES = /[,;"\r\n]/;

/**
 * One CSV cell (RFC 4180): escaped like all output, a `'` before anything a spreadsheet would run as
 * a formula, and quoted (quotes doubled) when it holds a separator or a quote.
 */
export function csvCell(value: string | number | null): string {
  const safe = (value === null ? '' : visible(String(value))).replace(FORMULA_AT_PIECE_START, "$1'");
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV document: the header row, then one row a line. */
export function csv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): Text {
  return made([header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n'));
}

/** "2026-11-23 16:45" (UTC) or "-" for a moment that has not happened. */
export function shortTime(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace('T', ' ') : '-';
}

/** Writes to stdout, a line each. */
export function print(...parts: Text[]): void {
  for (const part of parts) console.log(part.text);
}

/** Writes to stderr, a line each. */
export function printError(...parts: Text[]): void {
  for (const part of parts) console.error(part.text);
}

/** A command's refusal, thrown to end it: printed to stderr with exit code 1. */
export class CommandFailure extends Error {
  constructor(readonly output: Text) {
    super(output.text);
  }
}

/**
 * What a failure prints: a command's own refusal as written; any other error's message (from the
 * server or the database, which may quote a stored value) escaped.
 */
export function failureText(error: unknown): Text {
  if (error instanceof CommandFailure) return error.output;
  return text`${error instanceof Error ? error.message : String(error)}`;
}
/** Asks on stderr; true only for an explicit yes; no answer (stdin closed or not a terminal) is a no. */
export async function confirmed(question: Text): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await Promise.race([
      prompt.question(question.text),
      new Promise<string>((resolve) => prompt.once('close', () => resolve(''))),
    ]);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}
