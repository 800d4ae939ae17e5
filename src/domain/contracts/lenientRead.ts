import type { Static, TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * What can be kept of untrusted JSON read as `schema`: each property the schema names whose value
 * has the type it gives, and nothing else (Value.Clean drops the rest). A value of the wrong type
 * is left out rather than failing the whole object, so the caller's defaults and rules take over.
 */
export function wellTypedProperties<Schema extends TObject>(
  schema: Schema,
  value: unknown,
): Partial<Static<Schema>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const fields: Record<string, unknown> = schema.properties;
  const kept = Object.fromEntries(
    Object.entries(value).filter(
      ([key, field]) => Object.hasOwn(fields, key) && Value.Check(schema.properties[key]!, field),
    ),
  );
  return Value.Clean(schema, kept) as Partial<Static<Schema>>;
}
