import { Type, type Static } from '@sinclair/typebox';

/** Every error the API sends: one human sentence the browser can show as it is. */
export const ErrorDetail = Type.Object(
  { detail: Type.String({ description: 'One sentence for a person, shown as it is.' }) },
  {
    description: 'Every refusal and failure: the status says what happened, `detail` says it in words.',
    examples: [{ detail: 'Please enter a valid phone number' }],
  },
);
export type ErrorDetail = Static<typeof ErrorDetail>;

/** The `response` entries of the error statuses a route can answer, each `{detail}`. */
export function errorAnswers<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof ErrorDetail> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorDetail])) as Record<
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
