import type { NetworkEntryKind, WebNetworkEntry, WebRegistrationPayload } from './registration';

/** registered → linked (the assistant matched the WhatsApp chat) → onboarded (first conversation done). */
export const memberStatuses = ['registered', 'linked', 'onboarded'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/**
 * `GET /api/me`: the member's profile as the server sends it and `/account` reads it, in the same
 * snake_case as the registration they sent (its fields, less the invite code and the network, which
 * comes back as one list).
 */
export type MemberProfile = Pick<
  WebRegistrationPayload,
  'first_name' | 'last_name' | 'age' | 'location' | 'phone' | 'occupation' | 'looking_for' | 'interests'
> & {
  user_id: string;
  who_i_know: {
    kind: NetworkEntryKind;
    name: string;
    location: string;
    position: WebNetworkEntry['position'];
  }[];
  status: MemberStatus;
  registered_at: string;
};
