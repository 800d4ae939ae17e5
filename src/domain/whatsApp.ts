/**
 * The one wa.me link: a chat with `phone` (any spelling: wa.me wants its digits only), or, with an
 * empty `phone`, a chat the sender picks; `text` is typed in, ready to send.
 */
export function whatsAppChatUrl(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
