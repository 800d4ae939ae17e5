import type { RootState } from '../../shared/store';

/** Session storage: what the person typed survives a reload or "Try Again", and goes with the tab. */
export const JOIN_DRAFT_KEY = 'becca.join.draft';

export interface SavedJoinDraft {
  joinFlow: unknown;
  onboarding: unknown;
  network: unknown;
}

export function saveJoinDraft(state: RootState): void {
  if (!state.joinFlow?.inviteCode) return;
  const draft: SavedJoinDraft = {
    joinFlow: state.joinFlow,
    onboarding: state.onboarding,
    network: state.network,
  };
  try {
    sessionStorage.setItem(JOIN_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or switched off: the flow still works, it just will not survive a reload.
  }
}

export function loadJoinDraft(): SavedJoinDraft | undefined {
  try {
    const raw = sessionStorage.getItem(JOIN_DRAFT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return parsed && typeof parsed === 'object' ? (parsed as SavedJoinDraft) : undefined;
  } catch {
    return undefined;
  }
}

export function clearJoinDraft(): void {
  try {
    sessionStorage.removeItem(JOIN_DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
