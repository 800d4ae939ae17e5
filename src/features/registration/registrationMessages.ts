import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { brand } from '../../config/brand';

/** Spec §8, registration failures. */
export const SUBMIT_FAILED = 'Failed to submit registration. Please try again.';
export const COMPLETE_FAILED = 'Failed to complete registration';

/** The network failed → try again; the server explained → its words; anything else → could not complete. */
export function registrationErrorMessage(error: unknown): string {
  const fetchError = error as FetchBaseQueryError | undefined;
  if (!fetchError || typeof fetchError !== 'object' || !('status' in fetchError)) return COMPLETE_FAILED;
  if (fetchError.status === 'FETCH_ERROR' || fetchError.status === 'TIMEOUT_ERROR') return SUBMIT_FAILED;
  const detail = (fetchError.data as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string' && detail) return detail;
  if (typeof fetchError.status === 'number') return `HTTP error! Status: ${fetchError.status}`;
  return COMPLETE_FAILED;
}

const DEFAULT_MESSAGE = `Hi ${brand.assistantName}!`;

/** Spec §9: a default messaging link when the server gives none. */
export const fallbackWhatsAppUrl = `https://wa.me/${brand.assistantWhatsAppNumber}?text=${encodeURIComponent(DEFAULT_MESSAGE)}`;

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
