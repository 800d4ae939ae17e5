import styled from '@emotion/styled';
import { useLayoutEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';

const Dialog = styled.dialog`
  width: min(100% - 2rem, 28rem);
  max-height: calc(100% - 2rem);
  border: 0;
  background: ${({ theme }) => theme.colors.paperRaised};
  color: ${({ theme }) => theme.colors.ink};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: 1.75rem 1.5rem 1.5rem;
  box-shadow: 0 24px 60px rgba(0, 0, 0, 0.35);

  &::backdrop {
    background: rgba(15, 15, 20, 0.72);
  }
`;

/**
 * A modal dialog, opened with the platform's `showModal()`: the browser keeps focus inside it, makes
 * the page behind it inert and turns Escape into a `cancel` event. It stays open while it is rendered
 * (the parent decides when it closes) and focus returns to where it was when it closes.
 */
export function ModalDialog({
  labelledBy,
  describedBy,
  onClose,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  // Before paint: a <dialog> that is not shown yet is not displayed at all.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    element.showModal();
    // showModal() focuses the first control; the first field, if there is one, is what the person came
    // to fill in.
    element.querySelector<HTMLElement>('input:not([disabled])')?.focus();
    return () => previouslyFocused?.focus?.();
  }, []);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the parent closes it by no longer rendering it.
    event.preventDefault();
    onClose();
  };

  return (
    <Dialog
      ref={dialog}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={onCancel}
      // A browser may close the dialog anyway (a second Escape with no click in between cannot be
      // refused): the parent hears of it the same way.
      onClose={onClose}
    >
      {children}
    </Dialog>
  );
}
