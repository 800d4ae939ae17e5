/** Columns padded to their widest cell, two spaces apart, for terminal listings. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * One CSV cell: RFC 4180 quoting, and a leading quote on text a spreadsheet would run as a formula
 * (=, +, -, @, tab, carriage return). A phone number like +447911123456 stays as it is.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && !/^\+\d+$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: readonly (string | number | null)[]): string {
  return values.map(csvCell).join(',');
}

/** "2026-11-23 16:45" (UTC) or "-" for a moment that has not happened. */
export function shortTime(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace('T', ' ') : '-';
}
