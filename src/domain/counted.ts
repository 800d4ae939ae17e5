/**
 * "1 code", "7 codes": a count with its noun, for the audit trail's effects and the console's
 * sentences alike. `format` writes the number (the console groups thousands).
 */
export function counted(
  count: number,
  one: string,
  many = `${one}s`,
  format: (count: number) => string = String,
): string {
  return `${format(count)} ${count === 1 ? one : many}`;
}
