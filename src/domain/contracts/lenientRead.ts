import {
  Array as ArrayType,
  Boolean as BooleanType,
  Number as NumberType,
  Object as ObjectType,
  Optional,
  String as StringType,
  Unknown,
  type Static,
  type TObject,
} from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * The few builders a page needs to describe JSON it stored itself, imported one by one: `Type`
 * holds every builder TypeBox has, which a bundler cannot leave out, so a page using it would
 * download all of them.
 */
export const StoredType = {
  Array: ArrayType,
  Boolean: BooleanType,
  Number: NumberType,
  Object: ObjectType,
  Optional,
  String: StringType,
  Unknown,
};

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
