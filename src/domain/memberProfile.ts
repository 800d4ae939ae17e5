/** registered → linked (the assistant matched the WhatsApp chat) → onboarded (first conversation done). */
export const memberStatuses = ['registered', 'linked', 'onboarded'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/**
 * `GET /api/me`: the member's profile as the server sends it and `/account` reads it, in the same
 * snake_case as the registration they sent.
 */
export interface MemberProfile {
  user_id: string;
  first_name: string;
  last_name: string;
  age: number;
  location: string;
  phone: string;
  occupation: string;
  looking_for: string[];
  interests: string[];
  who_i_know: {
    kind: 'group' | 'person';
    name: string;
    location: string;
    position: { x: number; y: number };
  }[];
  status: MemberStatus;
  registered_at: string;
}
