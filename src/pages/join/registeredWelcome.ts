/**
 * Session storage: after registering, a reload of /join comes back to the welcome (WhatsApp and the
 * invites panel) instead of starting over. The access token itself stays in local storage.
 */
export const REGISTERED_WELCOME_KEY = 'becca.join.registered';

export function saveRegisteredWelcome(whatsappUrl: string): void {
  try {
    sessionStorage.setItem(REGISTERED_WELCOME_KEY, JSON.stringify({ whatsappUrl }));
  } catch {
    // Storage switched off: a reload starts the join page over, nothing worse.
  }
}

/** The saved WhatsApp link, when this tab has registered; only an https://wa.me/ link is trusted. */
export function loadRegisteredWelcome(): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(REGISTERED_WELCOME_KEY) ?? 'null') as unknown;
    const url = (saved as { whatsappUrl?: unknown } | null)?.whatsappUrl;
    return typeof url === 'string' && url.startsWith('https://wa.me/') ? url : null;
  } catch {
    return null;
  }
}
