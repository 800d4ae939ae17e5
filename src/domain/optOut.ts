/**
 * What `POST /api/opt-out` answers for every valid number, known to us or not, and what the opt-out
 * page shows: one sentence, so the answer cannot tell anyone whether a number was ever nominated.
 */
export const OPT_OUT_CONFIRMATION =
  'Done. If anyone has nominated this number, we have deleted it, and we will not store it as a nomination again.';
