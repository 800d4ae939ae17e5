/**
 * The admin API speaks snake_case (`created_at`), the database's rows camelCase (`createdAt`). A
 * table says once which of its fields it shows (`rowToWire<Row>()(['code', 'createdAt'])`); the wire
 * names are derived from the row's, and dates become ISO 8601 text. The derived type carries the
 * wire names, so a view that forgets a field of its contract does not compile.
 */

/** `linkingCodeExpiresAt` → `linking_code_expires_at`, at the type level. */
export type SnakeCase<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : Name;

/** A date goes out as ISO 8601 text; a nullable date stays nullable. */
type WireValue<Value> = Value extends Date ? string : Value;

export type WireRow<Row, Keys extends keyof Row & string> = {
  [Key in Keys as SnakeCase<Key>]: WireValue<Row[Key]>;
};

/** `linkingCodeExpiresAt` → `linking_code_expires_at`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function wireValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Wire names a table gives differently from its columns: `{ joined_at: 'createdAt' }`. */
type Renamed<Row> = Record<string, keyof Row & string>;

export type RenamedWire<Row, Names extends Renamed<Row>> = {
  [Name in keyof Names]: WireValue<Row[Names[Name]]>;
};

/**
 * The one row → wire mapping of a table: `rowToWire<InviteCodeRow>()(['code', 'maxUses'])` returns a
 * function from a row to `{ code, max_uses }`; `renamed` adds fields whose wire name is not the
 * column's (`{ joined_at: 'createdAt' }`). Two calls so that the row type is given and the
 * declaration inferred.
 */
export function rowToWire<Row extends object>() {
  return <
    const Keys extends readonly (keyof Row & string)[],
    const Names extends Renamed<Row> = Record<never, never>,
  >(
    keys: Keys,
    renamed?: Names,
  ) => {
    const pairs = [
      ...keys.map((key) => [snakeCase(key), key] as const),
      ...Object.entries(renamed ?? {}),
    ] as [string, keyof Row][];
    return (row: Row) =>
      Object.fromEntries(pairs.map(([name, key]) => [name, wireValue(row[key])])) as WireRow<
        Row,
        Keys[number]
      > &
        RenamedWire<Row, Names>;
  };
}
