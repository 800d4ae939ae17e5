import { brand } from '../../src/config/brand';

/** A wa.me link whose prefilled text carries the one-time code that ties the chat to the registration. */
export function whatsAppUrl(assistantNumber: string, linkingCode: string): string {
  const text = `Hi ${brand.assistantName}! I've just registered. My code is ${linkingCode}`;
  return `https://wa.me/${assistantNumber}?text=${encodeURIComponent(text)}`;
}
