import { INVALID_PHONE, REQUIRED } from './fieldRules';
import { limits } from './limits';
import { waitlistPhoneToE164 } from './phoneNumber';
import { tooLongMessage } from './registrationMessages';
import { exceedsMaxLength, unusableTextMessage } from './textRules';

/** The waitlist phone: required, at most 20 characters, a valid number once formatted. */
export function validateWaitlistPhone(input: string): string | undefined {
  if (input.trim() === '') return REQUIRED;
  return waitlistPhoneToE164(input) === null ? INVALID_PHONE : undefined;
}

export function validateWaitlistName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const maxLength = limits.waitlistNameMaxLength;
  if (exceedsMaxLength(name, maxLength)) return tooLongMessage(maxLength, 'Name');
  return unusableTextMessage('Name', name);
}

export const INVALID_EMAIL = 'Please enter a valid email address';

/**
 * One "@" with something before it and a dotted domain after it; no spaces, and none of the
 * control, format or bidi characters nobody types into an address.
 */
const PLAUSIBLE_EMAIL = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@.\p{Cc}\p{Cf}]+(\.[^\s@.\p{Cc}\p{Cf}]+)+$/u;

/**
 * A deliberately loose check: the only real proof of an address is a message that arrives, so
 * this only catches typing slips.
 */
export function isPlausibleEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= limits.emailMaxLength && PLAUSIBLE_EMAIL.test(trimmed);
}

/** Trimmed and lower-cased, so that one person cannot join twice by changing letter case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
