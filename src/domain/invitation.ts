import { whatsAppChatUrl } from './whatsApp';

/** The address a friend opens to join with `code`: the join page fills the code in and checks it. */
export function joinUrl(appUrl: string, code: string): string {
  return `${appUrl.replace(/\/+$/, '')}/join?code=${encodeURIComponent(code)}`;
}

/** The short invitation a member or the operator sends on WhatsApp. */
export function invitationText(productName: string, shareUrl: string): string {
  return `You're invited to join ${productName}. Register with this invite (it works once): ${shareUrl}`;
}

/**
 * A wa.me link with the invitation filled in: to one number (digits only, as wa.me wants them), or
 * with no number so that the sender picks the chat.
 */
export function whatsAppInvitationUrl(productName: string, shareUrl: string, toPhone?: string): string {
  return whatsAppChatUrl(toPhone ?? '', invitationText(productName, shareUrl));
}

/** What an approved organiser receives on WhatsApp: their one-use sign-in link to /partner. */
export function organiserSignInText(productName: string, communityName: string, signInUrl: string): string {
  return `${communityName} is now a ${productName} community partner. Sign in to your partner area with this link (it works once, for 72 hours): ${signInUrl}`;
}
