import { parsePhoneNumberWithError, ParseError, type CountryCode, type PhoneNumber } from 'libphonenumber-js';
import { limits } from './limits';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'GB';
const UK_CALLING_CODE = '44';

const NON_BREAKING_SPACES = /[\u00A0\u202F]/g;
const UK_TRUNK_ZERO_IN_BRACKETS = /\(0\)/g;
/**
 * Digits, spaces and the punctuation people type between them. Anything else is refused before
 * parsing, because libphonenumber quietly reads letters as keypad digits ("0800-FLOWERS") or as
 * extensions ("ext 12"), which would let "07911 12345a" through as some other number.
 */
const PHONE_CHARACTERS = /^[0-9\s+\-\u2010-\u2015\u2212.()/]*$/;
const NON_DIGITS = /\D/g;

function cleanPhoneInput(input: string): string | undefined {
  if (input.length > limits.phoneInputMaxLength) return undefined;
  const cleaned = input
    .trim()
    .replace(NON_BREAKING_SPACES, ' ')
    .replace(UK_TRUNK_ZERO_IN_BRACKETS, '')
    .trim();
  if (cleaned === '' || !PHONE_CHARACTERS.test(cleaned)) return undefined;
  return cleaned;
}

function parseValidNumber(text: string, defaultCountry?: CountryCode): PhoneNumber | undefined {
  try {
    const parsed = parsePhoneNumberWithError(text, defaultCountry);
    return parsed.isValid() ? parsed : undefined;
  } catch (error) {
    // NOT_A_NUMBER, TOO_SHORT, TOO_LONG, INVALID_COUNTRY: the input is simply not a number.
    if (error instanceof ParseError) return undefined;
    throw error;
  }
}

/** The phone validity procedure; the first reading that gives a valid number wins. */
function parsePhoneInput(input: string): PhoneNumber | undefined {
  const cleaned = cleanPhoneInput(input);
  if (cleaned === undefined) return undefined;

  if (cleaned.startsWith('+')) {
    const international = parseValidNumber(cleaned);
    if (international) return international;
  }

  const withDefaultCountry = parseValidNumber(cleaned, DEFAULT_PHONE_COUNTRY);
  if (withDefaultCountry) return withDefaultCountry;

  const digits = cleaned.replace(NON_DIGITS, '');
  const { ukTrunkMinDigits, fallbackMinDigits, fallbackMaxDigits } = limits.phoneParsing;

  if (digits.startsWith('0') && digits.length >= ukTrunkMinDigits) {
    const asUk = parseValidNumber(`+${UK_CALLING_CODE}${digits.slice(1)}`);
    if (asUk) return asUk;
  }

  if (digits.length >= fallbackMinDigits && digits.length <= fallbackMaxDigits) {
    return parseValidNumber(`+${digits}`);
  }
  return undefined;
}

export function isValidPhoneNumber(input: string): boolean {
  return parsePhoneInput(input) !== undefined;
}

/** The E.164 form ("+447911123456") of a valid number, else null. */
export function toE164(input: string): string | null {
  return parsePhoneInput(input)?.number ?? null;
}

/**
 * The waitlist's helper: strip spaces, dashes and brackets, then make the number international,
 * assuming the UK when no country code is given.
 */
export function formatWaitlistPhone(input: string): string {
  const compact = input.trim().replace(/[\s\-()]/g, '');
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('0')) return `+${UK_CALLING_CODE}${compact.slice(1)}`;
  if (compact.startsWith(UK_CALLING_CODE)) return `+${compact}`;
  return `+${UK_CALLING_CODE}${compact}`;
}

/** The waitlist's number in E.164, or null when it is empty, too long or not a valid number. */
export function waitlistPhoneToE164(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > limits.waitlistPhoneMaxLength) return null;
  return toE164(formatWaitlistPhone(trimmed));
}

/**
 * A phone number safe to write to logs: country code and last two digits only
 * ("+447911123456" → "+44********56"). Unparseable input keeps only its last two digits.
 */
export function maskPhone(phone: string): string {
  const visibleTail = 2;
  const maskDigits = (digits: string) =>
    digits.length <= visibleTail * 2
      ? '*'.repeat(digits.length)
      : '*'.repeat(digits.length - visibleTail) + digits.slice(-visibleTail);

  const trimmed = phone.trim().slice(0, limits.phoneInputMaxLength);
  if (trimmed.startsWith('+')) {
    try {
      const parsed = parsePhoneNumberWithError(trimmed);
      return `+${parsed.countryCallingCode}${maskDigits(parsed.nationalNumber)}`;
    } catch {
      // Falls through to masking the bare digits.
    }
  }
  return maskDigits(trimmed.replace(NON_DIGITS, ''));
}

/**
 * A phone number as an operator's list shows it ("+447912345678" → "+44 7912 ••• 678"): enough to
 * tell entries apart and to recognise a number one already knows, not enough to call it. The whole
 * number is in the one record an operator opens (and that reading is recorded).
 */
export function phoneForLists(phone: string): string {
  let country = '';
  let national = phone.replace(NON_DIGITS, '');
  if (phone.trim().startsWith('+')) {
    try {
      const parsed = parsePhoneNumberWithError(phone.trim().slice(0, limits.phoneInputMaxLength));
      country = `+${parsed.countryCallingCode} `;
      national = parsed.nationalNumber;
    } catch {
      // Not a number we can read: its bare digits are masked the same way.
    }
  }
  const [head, tail] = national.length >= 9 ? [4, 3] : [Math.min(2, national.length - 3), 2];
  if (head <= 0) return `${country}•••`;
  return `${country}${national.slice(0, head)} ••• ${national.slice(-tail)}`;
}
