import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { routePaths } from '../../shared/routePaths';
import { ButtonLink } from '../../components/ButtonLink';
import { HydrateSeparately } from '../../components/HydrateSeparately';
import { SiteFooter } from '../../components/SiteFooter';
import { SiteHeader } from '../../components/SiteHeader';
import { brand } from '../../config/brand';
import { DemoCycleButton } from '../../features/demo/DemoCycleButton';
import { PhoneDemo } from '../../features/demo/PhoneDemo';
import { WhatIsBecca } from './WhatIsBecca';
import { DocumentTitle } from '../../components/DocumentTitle';

/**
 * Small screens: the two headlines, the phone, then the button and links, stacked.
 * Large screens: headline | phone | headline, with the button and links under the phone.
 */
const Hero = styled.section`
  display: grid;
  grid-template-areas: 'title' 'connect' 'deepen' 'phone' 'actions';
  justify-items: center;
  row-gap: 0.75rem;
  max-width: 82rem;
  margin: 0 auto;
  padding: 0.5rem 1.25rem 3rem;
  text-align: center;
  /* The glow behind the phone is wider than small screens; it must not scroll sideways. */
  overflow-x: clip;
  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: 1fr auto 1fr;
    grid-template-areas: 'title title title' 'connect phone deepen' '. actions .';
    column-gap: clamp(1.5rem, 4vw, 4.5rem);
    row-gap: 0;
    padding-top: 0;
  }
`;

const Eyebrow = styled.h1`
  grid-area: title;
  margin: 0.25rem 0 0.5rem;
  font-family: ${({ theme }) => theme.fonts.body};
  font-size: 0.8rem;
  font-weight: 600;
  letter-spacing: 0.14em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.accentStrong};
  ${({ theme }) => theme.media.desktop} {
    margin-bottom: 1.25rem;
  }
`;

const Promise = styled.div<{ area: 'connect' | 'deepen' }>`
  grid-area: ${({ area }) => area};
  max-width: 26rem;
  ${({ theme }) => theme.media.desktop} {
    align-self: center;
    justify-self: ${({ area }) => (area === 'connect' ? 'end' : 'start')};
    text-align: ${({ area }) => (area === 'connect' ? 'right' : 'left')};
    margin-bottom: 6rem;
  }
  h2 {
    margin: 0;
  }
  p {
    margin: 1rem 0 0;
    color: ${({ theme }) => theme.colors.inkSoft};
    font-size: 1.05rem;
    ${({ theme }) => theme.media.mobile} {
      display: none;
    }
  }
`;

/** The headline itself switches the demo: a real button with the display type of a headline. */
const Headline = styled(DemoCycleButton)`
  padding: 0;
  border: 0;
  background: none;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: clamp(1.6rem, 6.8vw, 2.1rem);
  line-height: 1.12;
  text-align: inherit;
  color: #6d6a73;
  cursor: pointer;
  transition: color 0.2s ease;
  /* A highlighter stroke under each line of the active headline. */
  span {
    padding: 0 0.08em;
    background: linear-gradient(
        transparent 62%,
        rgba(246, 196, 83, 0.65) 62%,
        rgba(246, 196, 83, 0.65) 92%,
        transparent 92%
      )
      no-repeat 0 0 / 0% 100%;
    -webkit-box-decoration-break: clone;
    box-decoration-break: clone;
    transition: background-size 0.35s ease;
  }
  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.colors.ink};
    span {
      background-size: 100% 100%;
    }
  }
  &:hover {
    color: ${({ theme }) => theme.colors.ink};
  }
  ${({ theme }) => theme.media.desktop} {
    font-size: clamp(2.2rem, 3.9vw, 3.75rem);
    line-height: 1.04;
  }
  @media (prefers-reduced-motion: reduce) {
    &,
    span {
      transition: none;
    }
  }
`;

const Stage = styled.div`
  grid-area: phone;
  position: relative;
  margin-top: 1rem;
  ${({ theme }) => theme.media.desktop} {
    margin-top: 0;
  }
  &::before {
    content: '';
    position: absolute;
    inset: -10% -35%;
    background: radial-gradient(
      closest-side,
      rgba(246, 196, 83, 0.45),
      rgba(244, 162, 97, 0.12) 60%,
      transparent
    );
    pointer-events: none;
  }
`;

/** The phone fades out at the bottom and, on large screens, fits the viewport's height. */
const Phone = styled(PhoneDemo)`
  width: clamp(280px, 74vw, 340px);
  mask-image: linear-gradient(to bottom, #000 80%, transparent 100%);
  ${({ theme }) => theme.media.desktop} {
    width: clamp(280px, calc((100svh - 15rem) * 9 / 19), 380px);
  }
`;

const Actions = styled.div`
  grid-area: actions;
  position: relative;
  display: grid;
  justify-items: center;
  gap: 0.75rem;
  margin-top: -1.75rem;
`;

const LegalLinks = styled.p`
  display: flex;
  gap: 1.25rem;
  margin: 0;
  font-size: 0.9rem;
  a {
    color: ${({ theme }) => theme.colors.inkSoft};
    padding: 0.5rem 0.25rem;
  }
`;

export default function HomePage() {
  return (
    <>
      <DocumentTitle>{`${brand.productName}, ${brand.tagline}`}</DocumentTitle>
      <HydrateSeparately>
        <SiteHeader />
      </HydrateSeparately>
      <main id="main">
        <Hero>
          <Eyebrow>
            {brand.productName}, {brand.tagline}
          </Eyebrow>
          <Promise area="connect">
            <h2>
              <Headline cycle="getConnected">
                <span>Get Connected With Anyone</span>
              </Headline>
            </h2>
            <p>
              Tell {brand.assistantName} who you want to meet. She finds them through people you already know.
            </p>
          </Promise>
          <Promise area="deepen">
            <h2>
              <Headline cycle="deepenConnections">
                <span>Deepen Your Connections</span>
              </Headline>
            </h2>
            <p>{brand.assistantName} notices when a friendship goes quiet and helps you reach out again.</p>
          </Promise>
          <Stage>
            <HydrateSeparately>
              <Phone />
            </HydrateSeparately>
          </Stage>
          <Actions>
            <ButtonLink to={routePaths.join}>Request Access</ButtonLink>
            <LegalLinks>
              <Link to={routePaths.privacy}>Privacy</Link>
              <Link to={routePaths.terms}>Terms</Link>
            </LegalLinks>
          </Actions>
        </Hero>
        <HydrateSeparately>
          <WhatIsBecca />
        </HydrateSeparately>
      </main>
      <HydrateSeparately>
        <SiteFooter />
      </HydrateSeparately>
    </>
  );
}
