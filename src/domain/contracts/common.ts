import { Type, type StringOptions, type TOptional, type TProperties, type TSchema } from '@sinclair/typebox';
import { CALENDAR_DATE_PATTERN } from '../calendarDate';
import { limits } from '../limits';

/**
 * The pieces every contract module shares, written once: a moment, text or a moment that may be
 * absent (null, never left out), an integer count, and what a "who I know" entry is.
 */

/** A moment as the API sends it: ISO 8601 in UTC, `2026-11-25T10:04:00.000Z`. */
export const Timestamp = (options: StringOptions = {}) => Type.String({ format: 'date-time', ...options });

/** `schema`, or null. */
export const Nullable = <Schema extends TSchema>(schema: Schema, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

/** A moment, or null when it has not happened. */
export const NullableTimestamp = (description?: string) => Nullable(Timestamp(), description);

/** Text, or null when there is none. */
export const NullableText = (description?: string) => Nullable(Type.String(), description);

/** A member's id (a UUID, or an erased member's anonymous node) as a path parameter takes it. */
export const MemberId = (description = 'A member’s id.') =>
  Type.String({ maxLength: limits.apiText.idMaxLength, description });

/** A count of something: a whole number, never negative. */
export const Count = (description?: string) =>
  Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

/** A "who I know" entry is a group the member belongs to or a person they know. */
export const entryKinds = ['group', 'person'] as const;
export const EntryKind = Type.Union(entryKinds.map((kind) => Type.Literal(kind)));

/** One of a fixed list of words (a status, a role), as the domain lists them. */
export const OneOf = <Value extends string>(values: readonly Value[], description?: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    description ? { description } : {},
  );

/** A day in UTC as a person types it, YYYY-MM-DD (the domain checks it is a real day). */
export const CalendarDay = (description: string) =>
  Type.String({ pattern: CALENDAR_DATE_PATTERN, maxLength: limits.apiText.dateMaxLength, description });

/** Text a list is filtered by, bounded. */
export const FilterText = (description: string, maxLength: number = limits.admin.filterTextMaxLength) =>
  Type.String({ maxLength, description });

/** A list's query string: the filters it takes, each optional, and nothing else. */
export function Filters<Properties extends TProperties>(properties: Properties) {
  const optional = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, Type.Optional(schema)]),
  ) as { [Name in keyof Properties]: TOptional<Properties[Name]> };
  return Type.Object(optional, { additionalProperties: false });
}
