import { apiErrorDetail } from '../../shared/api';
import { brand } from '../../config/brand';
import { whatsAppChatUrl } from '../../domain/whatsApp';

/** Registration failures. */
export const SUBMIT_FAILED = 'Failed to submit registration. Please try again.';
export const COMPLETE_FAILED = 'Failed to complete registration';

/** The server explained → its words; no answer → try again; an answer without a sentence → its status. */
export function registrationErrorMessage(error: unknown): string {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return SUBMIT_FAILED;
  return apiErrorDetail(
    error,
    typeof status === 'number' ? `HTTP error! Status: ${status}` : COMPLETE_FAILED,
  );
}

const DEFAULT_MESSAGE = `Hi ${brand.assistantName}!`;

/** A default messaging link when the server gives none. */
export const fallbackWhatsAppUrl = whatsAppChatUrl(brand.assistantWhatsAppNumber, DEFAULT_MESSAGE);

/** The text to send the assistant: the one prefilled in the link, so the linking code travels with it. */
export function messageFromWhatsAppUrl(url: string): string {
  try {
    return new URL(url).searchParams.get('text') || DEFAULT_MESSAGE;
  } catch {
    return DEFAULT_MESSAGE;
  }
}

/** The number the link points at, written for people: +44 7700 900123. */
export function numberFromWhatsAppUrl(url: string): string {
  let digits: string = brand.assistantWhatsAppNumber;
  try {
    digits = new URL(url).pathname.replace(/\D/g, '') || digits;
  } catch {
    // keep the configured number
  }
  return digits.startsWith('44') && digits.length === 12
    ? `+44 ${digits.slice(2, 6)} ${digits.slice(6)}`
    : `+${digits}`;
}

/** The one-time linking code at the end of the prefilled message ("… My code is ABCD2345"), if any. */
export function linkingCodeFromWhatsAppUrl(url: string): string | null {
  return /code is ([A-Z0-9]+)\s*$/.exec(messageFromWhatsAppUrl(url))?.[1] ?? null;
}
