import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { routePaths } from '../shared/routePaths';
import { brand } from '../config/brand';
import { ExternalButtonLink } from './ButtonLink';
import { Logo } from './Logo';
import { SkipLink } from './SkipLink';
import { NewTabHint } from './VisuallyHidden';

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  max-width: 80rem;
  min-height: 4.5rem;
  margin: 0 auto;
  padding: 0.75rem clamp(1.25rem, 4vw, 2.5rem);
`;

/** Under 768 px the header shows only the assistant link and Sign In (docs/product.md, The pages). */
const DesktopOnly = styled.span`
  display: contents;
  ${({ theme }) => theme.media.mobile} {
    display: none;
  }
`;

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: clamp(0.75rem, 2.5vw, 2rem);
  ${({ theme }) => theme.media.mobile} {
    flex: 1;
    justify-content: space-between;
  }
`;

const navLinkStyle = (theme: Theme) => css`
  color: ${theme.colors.ink};
  font-weight: 600;
  text-decoration: none;
  padding: 0.6rem 0.25rem;
  &:hover {
    color: ${theme.colors.accentStrong};
  }
`;

const NavLink = styled(Link)`
  ${({ theme }) => navLinkStyle(theme)}
`;

const EventsLink = styled.a`
  ${({ theme }) => navLinkStyle(theme)}
`;

/** The assistant link doubles as the wordmark on phones, where the logo is hidden. */
const AssistantLink = styled(NavLink)`
  ${({ theme }) => theme.media.mobile} {
    font-family: ${({ theme }) => theme.fonts.display};
    font-weight: 400;
    font-size: 1.6rem;
    line-height: 1;
  }
`;

const SignIn = styled(ExternalButtonLink)`
  min-height: 44px;
  padding: 0.5rem 1.4rem;
  box-shadow: none;
`;

/** The header of / and /becca: logo, Becca, Communities, Events (app, new tab), Sign In (app, new tab). */
export function SiteHeader() {
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Bar>
        <DesktopOnly>
          <Logo />
        </DesktopOnly>
        <Nav aria-label="Main">
          <AssistantLink to={routePaths.becca}>{brand.assistantName}</AssistantLink>
          <DesktopOnly>
            <NavLink to={routePaths.communities}>Communities</NavLink>
            <EventsLink href={`${brand.appUrl}${brand.eventsPath}`} target="_blank" rel="noopener noreferrer">
              Events
              <NewTabHint />
            </EventsLink>
          </DesktopOnly>
          <SignIn href={brand.appUrl} target="_blank" rel="noopener noreferrer">
            Sign In
            <NewTabHint />
          </SignIn>
        </Nav>
      </Bar>
    </>
  );
}
