import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { brand } from '../config/brand';
import { routePaths } from '../shared/routePaths';

/** Emotion forwards every prop to a component, and Link would put `tone` on the <a>: kept back here. */
const LogoLink = styled(Link, { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: 'dark' | 'light' }>`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.6rem;
  line-height: 1;
  text-decoration: none;
  color: ${({ theme, tone }) => (tone === 'light' ? theme.colors.paper : theme.colors.ink)};
`;

export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <LogoLink to={routePaths.home} tone={tone} aria-label={`${brand.productName} home`}>
      {brand.productName}
    </LogoLink>
  );
}
