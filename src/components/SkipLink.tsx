import styled from '@emotion/styled';

/** "Skip to content": off screen until a keyboard user focuses it. */
export const SkipLink = styled.a`
  position: absolute;
  left: -999px;
  &:focus {
    left: 1rem;
    top: 1rem;
    background: ${({ theme }) => theme.colors.paperRaised};
    padding: 0.5rem 1rem;
    z-index: 10;
  }
`;
