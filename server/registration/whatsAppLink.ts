import { brand } from '../../src/config/brand';
import { whatsAppChatUrl } from '../../src/domain/whatsApp';

/** A wa.me link whose prefilled text carries the one-time code that ties the chat to the registration. */
export function linkingChatUrl(assistantNumber: string, linkingCode: string): string {
  return whatsAppChatUrl(
    assistantNumber,
    `Hi ${brand.assistantName}! I've just registered. My code is ${linkingCode}`,
  );
}
