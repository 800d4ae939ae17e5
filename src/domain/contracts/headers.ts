import { Type, type TSchema } from '@sinclair/typebox';

/** Response headers the API sends, declared once; each answer that carries one lists it. */

/** `Retry-After` (RFC 9110): sent with every 429 and every 503 that is ours to send. */
export const RetryAfterHeader = Type.Integer({
  minimum: 1,
  format: 'int32',
  description: 'Seconds to wait before trying again.',
  examples: [30],
});

/** `WWW-Authenticate` (RFC 6750): sent with every 401. */
export const BearerChallengeHeader = Type.String({
  description:
    'The scheme to authenticate with: `Bearer`, with `error="invalid_token"` when the request carried a token we do not accept.',
  examples: ['Bearer error="invalid_token"'],
});

/** `Content-Disposition`: a download names its file. */
export const ContentDispositionHeader = Type.String({
  description: 'Save the answer as this file.',
  examples: ['attachment; filename="becca-my-data-2026-03-14.json"'],
});

/** `schema` as an answer that also carries `headers` (@fastify/swagger lists them in the document). */
export function withHeaders<Schema extends TSchema>(
  schema: Schema,
  headers: Record<string, TSchema>,
): Schema {
  return { ...schema, headers: { ...(schema as { headers?: object }).headers, ...headers } };
}

/** `ETag` (RFC 9110): a weak validator of the answer's body, for a conditional request next time. */
export const ETagHeader = Type.String({
  description:
    'A weak validator of this answer: send it back as `If-None-Match` and an unchanged answer is 304 with no body.',
  examples: ['W/"3q2-7w8kX1cB0a9Y4m5nZpQrStUvWx"'],
});

/** `Cache-Control` of an answer a browser may keep but must revalidate each time it is used. */
export const RevalidateCacheControlHeader = Type.String({
  description:
    '`private, no-cache`: a browser keeps the answer for itself and asks whether it changed each time.',
  examples: ['private, no-cache'],
});
