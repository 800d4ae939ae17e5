/** registered → linked (the assistant matched the WhatsApp chat) → onboarded (first conversation done). */
export const memberStatuses = ['registered', 'linked', 'onboarded'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member id is a UUID: anything else is no member, answered without asking the database. */
export function isMemberId(value: string): boolean {
  return UUID.test(value);
}
