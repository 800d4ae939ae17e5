import { Type, type Static } from '@sinclair/typebox';
import { BearerChallengeHeader, RetryAfterHeader } from './headers';

/** Every error the API sends: one human sentence the browser can show as it is. */
export const ErrorDetail = Type.Object(
  { detail: Type.String({ description: 'One sentence for a person, shown as it is.' }) },
  {
    description: 'Every refusal and failure: the status says what happened, `detail` says it in words.',
    examples: [{ detail: 'Please enter a valid phone number' }],
  },
);
export type ErrorDetail = Static<typeof ErrorDetail>;

/**
 * The one set of error answers: what each status means, and the headers it carries. A route
 * lists the statuses its own logic gives; the guards in front of it add theirs
 * (server/openapi/guardAnswers.ts), so no status goes undocumented.
 */
export const errorStatuses = {
  400: {
    description:
      'The request is malformed: a body that is not JSON, or a parameter or field its schema refuses.',
  },
  401: {
    description: 'No credentials, or ones we do not accept.',
    headers: { 'WWW-Authenticate': BearerChallengeHeader },
  },
  403: { description: 'Understood and refused: `detail` says why.' },
  404: { description: 'No such thing here (operator routes answer this to anyone not an operator).' },
  408: { description: 'The body did not arrive in time.' },
  409: { description: 'Conflicts with what is already stored.' },
  410: { description: 'Gone: it expired.' },
  413: { description: 'The body, or one of its parts, is larger than this operation accepts.' },
  415: { description: 'The body is not of a type this operation reads.' },
  422: { description: 'A field breaks a rule: `detail` is the first such message.' },
  429: {
    description: 'Too many requests from this client: wait `Retry-After` seconds.',
    headers: { 'Retry-After': RetryAfterHeader },
  },
  503: {
    description:
      'Briefly unable to serve this (the database, or capacity for uploads): try again after `Retry-After` seconds.',
    headers: { 'Retry-After': RetryAfterHeader },
  },
} as const;
export type ErrorStatus = keyof typeof errorStatuses;

/** The answer of one error status: `{detail}`, what the status means, and its headers. */
export function errorAnswer(status: ErrorStatus): typeof ErrorDetail {
  return { ...ErrorDetail, ...errorStatuses[status] };
}

/** The `response` entries of the error statuses a route can answer, each `{detail}`. */
export function errorAnswers<Status extends ErrorStatus>(
  ...statuses: Status[]
): Record<Status, typeof ErrorDetail> {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer(status)])) as Record<
    Status,
    typeof ErrorDetail
  >;
}

/** `{success, message}`: the answer of a request that only needs to say it worked, and how. */
export function SuccessMessage(description: string, exampleMessage: string) {
  return Type.Object(
    {
      success: Type.Boolean({ description: 'Always true: a refusal is an error status with `{detail}`.' }),
      message: Type.String({ description: 'A sentence to show the person.' }),
    },
    { description, examples: [{ success: true, message: exampleMessage }] },
  );
}
export type SuccessMessage = Static<ReturnType<typeof SuccessMessage>>;
