import type { CommunityApplicationRequest } from './contracts/communityApplication';
import { INVALID_PHONE } from './fieldRules';
import { limits } from './limits';
import { waitlistPhoneToE164 } from './phoneNumber';
import { tooLongMessage } from './registrationMessages';
import { exceedsMaxLength, isVisiblyBlank, unusableTextMessage } from './textRules';

/** The body of `POST /api/community-applications` is the contract's (src/domain/contracts/communityApplication.ts). */
export type { CommunityApplicationRequest };

export type CommunityApplicationField = keyof CommunityApplicationRequest;

/** The form's fields in the order it asks for them, with the label a message names. */
export const COMMUNITY_APPLICATION_LABELS: Readonly<Record<CommunityApplicationField, string>> = {
  organiser_name: 'Your name',
  community_name: 'Community name',
  about: 'What your community is',
  city: 'City',
  expected_size: 'Typical event size',
  contact_phone: 'WhatsApp number',
};

export const COMMUNITY_APPLICATION_RECEIVED =
  'Thank you: we will read about your community and reply on WhatsApp within a few days.';

const { community } = limits;

function shortText(field: CommunityApplicationField, value: string, maxLength: number): string | undefined {
  const label = COMMUNITY_APPLICATION_LABELS[field];
  if (isVisiblyBlank(value)) return `${label} is required`;
  if (exceedsMaxLength(value, maxLength)) return tooLongMessage(maxLength, label);
  return unusableTextMessage(label, value);
}

/** The message for one field as typed (the form shows it beside the field), or undefined when it is fine. */
export function communityApplicationFieldError(
  field: CommunityApplicationField,
  value: string | number,
): string | undefined {
  switch (field) {
    case 'organiser_name':
      return shortText(field, String(value), community.organiserNameMaxLength);
    case 'community_name':
      return shortText(field, String(value), community.communityNameMaxLength);
    case 'city':
      return shortText(field, String(value), community.cityMaxLength);
    case 'about': {
      const about = String(value);
      const { min, max } = community.about;
      if (isVisiblyBlank(about)) return `${COMMUNITY_APPLICATION_LABELS.about} is required`;
      const length = about.trim().length;
      if (length < min || length > max)
        return `Tell us about your community in ${min} to ${max} characters (now ${length})`;
      return unusableTextMessage(COMMUNITY_APPLICATION_LABELS.about, about, { multiline: true });
    }
    case 'expected_size': {
      const size = typeof value === 'number' ? value : Number(String(value).trim() || NaN);
      const { min, max } = community.expectedSize;
      return Number.isInteger(size) && size >= min && size <= max
        ? undefined
        : `Typical event size must be a whole number from ${min} to ${max}`;
    }
    case 'contact_phone':
      return waitlistPhoneToE164(String(value)) === null ? INVALID_PHONE : undefined;
  }
}

export type CommunityApplicationCheck =
  | { ok: true; application: CommunityApplicationRequest }
  | { ok: false; field: CommunityApplicationField; message: string };

/**
 * The one check of an application, in the browser before sending and on the server on arrival: the
 * first failing field's message, or the application as stored (text trimmed, the phone in E.164).
 */
export function checkCommunityApplication(body: CommunityApplicationRequest): CommunityApplicationCheck {
  for (const field of Object.keys(COMMUNITY_APPLICATION_LABELS) as CommunityApplicationField[]) {
    const message = communityApplicationFieldError(field, body[field]);
    if (message) return { ok: false, field, message };
  }
  return {
    ok: true,
    application: {
      organiser_name: body.organiser_name.trim(),
      community_name: body.community_name.trim(),
      about: body.about.trim(),
      city: body.city.trim(),
      expected_size: body.expected_size,
      contact_phone: waitlistPhoneToE164(body.contact_phone)!,
    },
  };
}

/** One application per phone and community name, whatever the letter case and spacing. */
export function applicationDedupeKey(application: CommunityApplicationRequest): string {
  const name = application.community_name.toLowerCase().replace(/\s+/g, ' ').trim();
  return `${application.contact_phone}|${name}`;
}
