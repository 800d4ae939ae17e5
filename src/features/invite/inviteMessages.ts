import { apiErrorDetail, apiErrorStatus } from '../../shared/api';

/** Code validation failures. */
export const INVALID_INVITE_CODE = 'Invalid invite code';
export const VALIDATION_FAILED = 'Validation failed';
export const VALIDATION_UNAVAILABLE = 'Failed to validate invite code. Please try again.';
/** Waitlist failure without a server message. */
export const WAITLIST_FAILED = 'Failed to submit phone number. Please try again.';

/**
 * Why a code could not be checked. A network failure or a server fault says nothing about the code,
 * so it is never reported as "invalid"; a rate limit shows the server's own sentence.
 */
export function validationErrorMessage(error: unknown): string {
  const status = apiErrorStatus(error);
  if (status === undefined || status >= 500) return VALIDATION_UNAVAILABLE;
  return apiErrorDetail(error, VALIDATION_FAILED);
}

/** The server's sentence, else "HTTP error! Status: 503" when it answered, else the generic failure. */
export function waitlistErrorMessage(error: unknown): string {
  const status = apiErrorStatus(error);
  return apiErrorDetail(error, status === undefined ? WAITLIST_FAILED : `HTTP error! Status: ${status}`);
}
