import styled from '@emotion/styled';
import { useRef, useState } from 'react';
import { TextButton } from '../../components/Button';

const Message = styled.p`
  margin: 0.25rem 0;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.paper};
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  font-size: 0.95rem;
  word-break: break-word;
`;

/** A message with a Copy button that says what happened, even where the clipboard API is missing. */
export function CopyableMessage({ text }: { text: string }) {
  const [feedback, setFeedback] = useState('');
  const messageRef = useRef<HTMLParagraphElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFeedback('Copied!');
    } catch {
      const selection = window.getSelection();
      if (selection && messageRef.current) {
        selection.selectAllChildren(messageRef.current);
      }
      setFeedback('Selected: press Ctrl+C (or ⌘C) to copy.');
    }
  };

  return (
    <div>
      <Message ref={messageRef}>{text}</Message>
      <TextButton type="button" onClick={() => void copy()}>
        Copy message
      </TextButton>
      <span role="status" aria-live="polite" css={{ marginLeft: '0.5rem' }}>
        {feedback}
      </span>
    </div>
  );
}
