/** Session-storage flag: the intro video was watched to the end or skipped in this tab. */
export const INTRO_VIDEO_SEEN_KEY = 'becca.introVideo.seen';

// Storage can throw (privacy modes, full quota); the flag is a nicety, never worth an error.
export function markIntroVideoSeen(): void {
  try {
    sessionStorage.setItem(INTRO_VIDEO_SEEN_KEY, 'true');
  } catch {
    /* ignored */
  }
}

export function clearIntroVideoSeen(): void {
  try {
    sessionStorage.removeItem(INTRO_VIDEO_SEEN_KEY);
  } catch {
    /* ignored */
  }
}
