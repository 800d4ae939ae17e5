import styled from '@emotion/styled';

/** The primary pill button; disabled looks disabled and says so to assistive technology natively. */
export const PrimaryButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 48px;
  padding: 0.75rem 1.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.paper};
  font-weight: 600;
  cursor: pointer;
  &:disabled {
    background: #8d8d96;
    cursor: not-allowed;
  }
`;

export const TextButton = styled.button`
  min-height: 44px;
  padding: 0.5rem 0.75rem;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.accentStrong};
  text-decoration: underline;
  cursor: pointer;
`;
