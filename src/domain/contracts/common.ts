import { Type, type StringOptions, type TSchema } from '@sinclair/typebox';
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
