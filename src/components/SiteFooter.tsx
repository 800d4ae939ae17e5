import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { brand } from '../config/brand';
import { routePaths } from '../shared/routePaths';
import { useIsAppRunning } from '../shared/useIsAppRunning';
import { readAccessToken } from '../shared/accessToken';
import { Logo } from './Logo';

const Footer = styled.footer`
  border-top: 1px solid ${({ theme }) => theme.colors.line};
  padding: 2rem 1.25rem;
  display: flex;
  flex-wrap: wrap;
  gap: 1rem 2rem;
  align-items: center;
  justify-content: space-between;
  max-width: ${({ theme }) => theme.contentWidth};
  margin: 0 auto;
  font-size: 0.95rem;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const FooterNav = styled.nav`
  display: flex;
  gap: 1.5rem;
  a {
    color: inherit;
    padding: 0.5rem 0;
  }
`;

export function SiteFooter() {
  // Prerendered HTML has no key to look at: the link appears once the app runs in this browser.
  const hasAccount = useIsAppRunning() && readAccessToken() !== null;
  return (
    <Footer>
      <Logo />
      <FooterNav aria-label="Legal">
        <Link to={routePaths.faq}>FAQ</Link>
        <Link to={routePaths.privacy}>Privacy</Link>
        <Link to={routePaths.terms}>Terms</Link>
        {hasAccount && <Link to={routePaths.account}>Your account</Link>}
      </FooterNav>
      <p css={{ margin: 0, width: '100%' }}>
        © {new Date().getFullYear()} {brand.company.legalName}. {brand.productName}, {brand.tagline}.
      </p>
    </Footer>
  );
}
