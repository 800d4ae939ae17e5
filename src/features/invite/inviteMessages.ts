import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Spec §8, code validation failures. */
export const INVALID_INVITE_CODE = 'Invalid invite code';
export const VALIDATION_FAILED = 'Validation failed';
export const VALIDATION_UNAVAILABLE = 'Failed to validate invite code. Please try again.';
/** Spec §8, waitlist failure without a server message. */
export const WAITLIST_FAILED = 'Failed to submit phone number. Please try again.';

function httpStatus(error: FetchBaseQueryError): number | undefined {
  if (typeof error.status === 'number') return error.status;
  return 'originalStatus' in error ? error.originalStatus : undefined;
}

/**
 * Why a code could not be checked. A network failure or a server fault says nothing about the code,
 * so it is never reported as "invalid"; a rate limit shows the server's own sentence.
 */
export function validationErrorMessage(error: unknown): string {
  const fetchError = error as FetchBaseQueryError;
  const status = httpStatus(fetchError);
  if (status === undefined || status >= 500) return VALIDATION_UNAVAILABLE;
  const detail = (fetchError.data as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' && detail ? detail : VALIDATION_FAILED;
}
