/** registered → linked (the assistant matched the WhatsApp chat) → onboarded (first conversation done). */
export const memberStatuses = ['registered', 'linked', 'onboarded'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/**
 * `GET /api/me`: the member's profile as the server sends it and `/account` reads it; its shape is
 * the contract's (src/domain/contracts/member.ts).
 */
export type { MemberProfile } from './contracts/member';
