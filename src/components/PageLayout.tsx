import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from './SkipLink';

const TopBar = styled.header`
  max-width: ${({ theme }) => theme.contentWidth};
  margin: 0 auto;
  padding: 1.25rem;
`;

const Main = styled.main`
  max-width: ${({ theme }) => theme.readingWidth};
  margin: 0 auto;
  padding: 1rem 1.25rem 4rem;
  min-height: 60vh;
`;

/** The frame of the content pages: a skip link, the logo, one main landmark and the footer. */
export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <TopBar>
        <Logo />
      </TopBar>
      <Main id="main">{children}</Main>
      <SiteFooter />
    </>
  );
}
