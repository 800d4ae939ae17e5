import { Type, type Static } from '@sinclair/typebox';
import { limits } from '../limits';
import { OPT_OUT_CONFIRMATION } from '../optOut';
import { SuccessMessage } from './errors';

/** `POST /api/opt-out`: anyone may put their number on the opt-out list. */
export const OptOutRequest = Type.Object(
  { phone: Type.String({ maxLength: limits.phoneInputMaxLength }) },
  {
    additionalProperties: false,
    description: 'The number that must never be stored as a nomination again.',
    examples: [{ phone: '+447912345680' }],
  },
);
export type OptOutRequest = Static<typeof OptOutRequest>;

export const OptOutDone = SuccessMessage(
  'The same sentence for every valid number, known to us or not, so it tells nobody anything.',
  OPT_OUT_CONFIRMATION,
);
export type OptOutDone = Static<typeof OptOutDone>;
