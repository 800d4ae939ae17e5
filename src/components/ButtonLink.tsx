import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { Link } from 'react-router-dom';

type Tone = 'dark' | 'accent' | 'light';

const pill = (theme: Theme, tone: Tone) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 48px;
  padding: 0.75rem 1.9rem;
  border-radius: ${theme.radius.pill};
  background: ${{ dark: theme.colors.night, accent: theme.colors.accentStrong, light: theme.colors.paper }[tone]};
  color: ${tone === 'light' ? theme.colors.night : theme.colors.paper};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  border: 1px solid ${tone === 'light' ? theme.colors.line : 'transparent'};
  box-shadow: 0 8px 24px rgba(21, 21, 28, ${tone === 'light' ? 0.06 : 0.18});
  transition:
    transform 0.15s ease,
    box-shadow 0.15s ease;
  &:hover {
    transform: translateY(-1px);
    box-shadow: 0 12px 28px rgba(21, 21, 28, 0.24);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover {
      transform: none;
    }
  }
`;

/** A link to a route of this site that looks like the primary pill button. */
export const ButtonLink = styled(Link, { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone?: Tone }>`
  ${({ theme, tone = 'dark' }) => pill(theme, tone)}
`;

/** The same pill for a link that leaves the site (Sign In opens the member app). */
export const ExternalButtonLink = styled('a', { shouldForwardProp: (prop) => prop !== 'tone' })<{
  tone?: Tone;
}>`
  ${({ theme, tone = 'dark' }) => pill(theme, tone)}
`;
