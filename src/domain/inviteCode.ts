import { limits } from './limits';

/** No 0/O, 1/I/L: a code read aloud or copied by hand cannot be mistyped into another one. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export type InviteCodeStatus = 'idle' | 'validating' | 'valid' | 'invalid';

const WELL_FORMED_CODE = /^[A-Z0-9-]+$/;

export function normaliseInviteCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/**
 * Whether a code could exist at all: 3 to 20 letters, digits or dashes once normalised. Codes
 * issued by hand may use the whole of A-Z0-9, so this is wider than `INVITE_CODE_ALPHABET`.
 */
export function isWellFormedInviteCode(code: string): boolean {
  const normalised = normaliseInviteCode(code);
  return (
    normalised.length >= limits.inviteCode.minLength &&
    normalised.length <= limits.inviteCode.maxLength &&
    WELL_FORMED_CODE.test(normalised)
  );
}

/** Live validation runs only once at least 3 characters are typed. */
export function canValidateLive(code: string): boolean {
  return code.trim().length >= limits.inviteCode.minLength;
}

/** Submit needs a non-empty code and is disabled while validating or after an invalid answer. */
export function canSubmitInviteCode(code: string, status: InviteCodeStatus): boolean {
  return code.trim() !== '' && status !== 'validating' && status !== 'invalid';
}

/** Fills `bytes` with cryptographically strong random values. Web Crypto: browsers and Node 20+. */
export type FillRandomBytes = (bytes: Uint8Array) => Uint8Array;

const cryptoRandomBytes: FillRandomBytes = (bytes) => crypto.getRandomValues(bytes);

/**
 * `length` characters of the unambiguous alphabet, each equally likely. A byte taken modulo 31 would
 * favour the first 8 letters (256 = 8 × 31 + 8), so bytes of 248 or more are skipped (rejection
 * sampling) and more are drawn until the code is long enough. Invite codes and the linking codes of
 * the WhatsApp hand-off both come from here.
 */
export function randomAlphabetCode(
  length: number,
  fillRandomBytes: FillRandomBytes = cryptoRandomBytes,
): string {
  const alphabetSize = INVITE_CODE_ALPHABET.length;
  const unbiasedLimit = 256 - (256 % alphabetSize);
  let code = '';
  while (code.length < length) {
    for (const byte of fillRandomBytes(new Uint8Array(length * 2))) {
      if (byte >= unbiasedLimit) continue;
      code += INVITE_CODE_ALPHABET[byte % alphabetSize];
      if (code.length === length) break;
    }
  }
  return code;
}

/** A new invite code (see randomAlphabetCode). */
export function generateInviteCode(
  length: number = limits.inviteCode.generatedLength,
  fillRandomBytes: FillRandomBytes = cryptoRandomBytes,
): string {
  return randomAlphabetCode(length, fillRandomBytes);
}
