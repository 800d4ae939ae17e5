import type { FriendNomination } from './contracts/nomination';
import { INVALID_PHONE } from './fieldRules';
import { limits } from './limits';
import { isValidPhoneNumber, toE164 } from './phoneNumber';
import { tooLongMessage } from './registrationMessages';
import { isVisiblyBlank, unusableTextMessage } from './textRules';

export const NOMINATION_MESSAGES = {
  firstNameRequired: "Your friend's first name is required",
  lastNameRequired: "Your friend's last name is required",
  firstNameTooLong: tooLongMessage(limits.fieldMaxLength.firstName, 'First name'),
  lastNameTooLong: tooLongMessage(limits.fieldMaxLength.lastName, 'Last name'),
  invalidInstagram: `Instagram handle must be 1 to ${limits.instagramHandleMaxLength} letters, numbers, dots or underscores`,
  phoneRequired: "Your friend's phone number is required",
  invalidPhone: INVALID_PHONE,
} as const;

const INSTAGRAM_HANDLE = new RegExp(`^@?[A-Za-z0-9._]{1,${limits.instagramHandleMaxLength}}$`);

/** The handle without "@" and surrounding spaces; empty when none was given. */
export function normaliseInstagramHandle(instagram: string): string {
  return instagram.trim().replace(/^@/, '');
}

export function isValidInstagramHandle(instagram: string): boolean {
  const trimmed = instagram.trim();
  return trimmed.length <= limits.fieldMaxLength.instagram && INSTAGRAM_HANDLE.test(trimmed);
}

export function firstNominationError(nomination: FriendNomination): string | undefined {
  const messages = NOMINATION_MESSAGES;
  const max = limits.fieldMaxLength;
  const firstName = nomination.firstName.trim();
  const lastName = nomination.lastName.trim();
  const instagram = nomination.instagram.trim();

  if (isVisiblyBlank(firstName)) return messages.firstNameRequired;
  if (firstName.length > max.firstName) return messages.firstNameTooLong;
  const firstNameError = unusableTextMessage('First name', firstName);
  if (firstNameError) return firstNameError;
  if (isVisiblyBlank(lastName)) return messages.lastNameRequired;
  if (lastName.length > max.lastName) return messages.lastNameTooLong;
  const lastNameError = unusableTextMessage('Last name', lastName);
  if (lastNameError) return lastNameError;
  if (instagram !== '' && !isValidInstagramHandle(instagram)) return messages.invalidInstagram;
  if (nomination.phone.trim() === '') return messages.phoneRequired;
  if (!isValidPhoneNumber(nomination.phone)) return messages.invalidPhone;
  return undefined;
}

/** What to store once the nomination is valid: trimmed names, bare handle, E.164 phone. */
export function normaliseNomination(nomination: FriendNomination): FriendNomination {
  return {
    firstName: nomination.firstName.trim(),
    lastName: nomination.lastName.trim(),
    instagram: normaliseInstagramHandle(nomination.instagram),
    phone: toE164(nomination.phone) ?? nomination.phone.trim(),
  };
}
