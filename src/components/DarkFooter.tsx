import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { routePaths } from '../shared/routePaths';
import { brand } from '../config/brand';
import { Logo } from './Logo';
import { NewTabHint, VisuallyHidden } from './VisuallyHidden';

const Footer = styled.footer`
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.paper};
  padding: clamp(3rem, 8vw, 5.5rem) clamp(1.25rem, 4vw, 2.5rem) 2rem;
`;

const Inner = styled.div`
  display: grid;
  gap: 2.5rem;
  max-width: 72rem;
  margin: 0 auto;
`;

const Manifesto = styled.p`
  margin: 0;
  max-width: 40rem;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: clamp(1.5rem, 3.6vw, 2.3rem);
  line-height: 1.25;
  em {
    font-style: normal;
    color: ${({ theme }) => theme.colors.gold};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1.25rem 2rem;
  padding-top: 2rem;
  border-top: 1px solid rgba(251, 250, 247, 0.16);
`;

const Social = styled.ul`
  display: flex;
  gap: 0.5rem 1.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-block;
    padding: 0.5rem 0;
    color: ${({ theme }) => theme.colors.paper};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.gold};
  }
`;

const Legal = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.75rem 2rem;
  width: 100%;
  margin: 0;
  font-size: 0.9rem;
  color: rgba(251, 250, 247, 0.72);
  a {
    color: inherit;
  }
`;

const socialNetworks = [
  { name: 'X', href: brand.socialLinks.x },
  { name: 'Instagram', href: brand.socialLinks.instagram },
  { name: 'YouTube', href: brand.socialLinks.youtube },
] as const;

/** The /becca footer: manifesto, logo, social links, copyright and the legal link. */
export function DarkFooter() {
  return (
    <Footer>
      <Inner>
        <Manifesto>
          The best things in life come through <em>people</em>. {brand.productName} makes the right
          introductions and keeps you close to everyone who matters, always with both sides saying yes.
        </Manifesto>
        <Row>
          <Logo tone="light" />
          <nav aria-label={`${brand.productName} elsewhere`}>
            <Social>
              {socialNetworks.map(({ name, href }) => (
                <li key={name}>
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    <VisuallyHidden>{brand.productName} on </VisuallyHidden>
                    {name}
                    <NewTabHint />
                  </a>
                </li>
              ))}
            </Social>
          </nav>
          <Legal>
            <span>
              © {new Date().getFullYear()} {brand.company.legalName}
            </span>
            <Link to={routePaths.terms}>Terms of Service &amp; Privacy Policy</Link>
          </Legal>
        </Row>
      </Inner>
    </Footer>
  );
}
