import styled from '@emotion/styled';

/** The frame of a labelled multi-line answer: its label, a growing textarea, red when invalid. */
export const TextAreaField = styled.div`
  display: grid;
  gap: 0.35rem;
  label {
    font-weight: 600;
  }
  textarea {
    width: 100%;
    min-height: 8rem;
    padding: 0.65rem 0.9rem;
    border: 1.5px solid ${({ theme }) => theme.colors.line};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.paperRaised};
    color: ${({ theme }) => theme.colors.ink};
    resize: vertical;
  }
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
`;
