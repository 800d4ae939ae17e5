/**
 * Local storage: a visitor who closed the invite dialog is not interrupted by it again, on this visit
 * or a later one, until they ask for it (Get Started) or arrive with a code in the link.
 */
export const INVITE_DIALOG_CLOSED_KEY = 'becca.join.inviteDialogClosed';

export function rememberInviteDialogClosed(): void {
  try {
    localStorage.setItem(INVITE_DIALOG_CLOSED_KEY, '1');
  } catch {
    // Storage switched off: the dialog opens by itself again on the next visit, nothing worse.
  }
}

export function inviteDialogClosedBefore(): boolean {
  try {
    return localStorage.getItem(INVITE_DIALOG_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}
