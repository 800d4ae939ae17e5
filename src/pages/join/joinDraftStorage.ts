import type { RootState } from '../../shared/store';
import { restoreJoinDraft, type JoinDraft } from './joinDraftSchema';

/** Session storage: what the person typed survives a reload or "Try Again", and goes with the tab. */
export const JOIN_DRAFT_KEY = 'becca.join.draft';

export function saveJoinDraft(state: RootState): void {
  if (!state.joinFlow?.inviteCode) return;
  const draft = {
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

export function loadJoinDraft(): JoinDraft | undefined {
  try {
    const raw = sessionStorage.getItem(JOIN_DRAFT_KEY);
    return raw ? restoreJoinDraft(JSON.parse(raw)) : undefined;
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
