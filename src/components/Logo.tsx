import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { brand } from '../config/brand';
import { routePaths } from '../shared/routePaths';

/** `$tone`: a transient prop, which Emotion keeps off the DOM (Link would pass `tone` on to the <a>). */
const LogoLink = styled(Link)<{ $tone: 'dark' | 'light' }>`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 1.6rem;
  line-height: 1;
  text-decoration: none;
  color: ${({ theme, $tone }) => ($tone === 'light' ? theme.colors.paper : theme.colors.ink)};
`;

export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <LogoLink to={routePaths.home} $tone={tone} aria-label={`${brand.productName} home`}>
      {brand.productName}
    </LogoLink>
  );
}
