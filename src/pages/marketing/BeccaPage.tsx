import styled from '@emotion/styled';
import { routePaths } from '../../shared/routePaths';
import { ButtonLink } from '../../components/ButtonLink';
import { AvatarImage } from '../../components/chat/AvatarImage';
import { DarkFooter } from '../../components/DarkFooter';
import { HydrateSeparately } from '../../components/HydrateSeparately';
import { SiteHeader } from '../../components/SiteHeader';
import { brand } from '../../config/brand';
import { IntroVideo } from '../../features/introVideo/IntroVideo';
import { useIntroVideoGate } from './useIntroVideoGate';
import { DocumentTitle } from '../../components/DocumentTitle';

const Main = styled.main`
  outline: none;
  overflow-x: clip;
`;

const Hero = styled.section`
  position: relative;
  display: grid;
  justify-items: center;
  gap: 1.5rem;
  max-width: 60rem;
  margin: 0 auto;
  padding: clamp(2.5rem, 9vh, 6rem) 1.25rem clamp(3rem, 10vh, 6.5rem);
  text-align: center;
  &::before {
    content: '';
    position: absolute;
    inset: 0 -20% auto;
    height: 100%;
    background: radial-gradient(closest-side, rgba(246, 196, 83, 0.32), transparent);
    pointer-events: none;
    z-index: -1;
  }
  h1 {
    margin: 0;
    font-size: clamp(2.5rem, 7.5vw, 5.25rem);
    line-height: 1.02;
    letter-spacing: -0.01em;
  }
  h1 span {
    display: block;
    color: ${({ theme }) => theme.colors.accentStrong};
  }
`;

const Subline = styled.p`
  max-width: 36rem;
  margin: 0 0 0.5rem;
  font-size: clamp(1.1rem, 2.4vw, 1.35rem);
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Faces = styled.ul`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  li + li {
    margin-left: -0.75rem;
  }
  li > span {
    border: 3px solid ${({ theme }) => theme.colors.paper};
    box-sizing: content-box;
  }
`;

const Points = styled.ul`
  display: grid;
  gap: 1.25rem;
  max-width: 72rem;
  margin: 0 auto;
  padding: 0 1.25rem clamp(3.5rem, 9vw, 6rem);
  list-style: none;
  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(3, 1fr);
  }
  li {
    padding: 1.75rem;
    border: 1px solid ${({ theme }) => theme.colors.line};
    border-radius: ${({ theme }) => theme.radius.large};
    background: ${({ theme }) => theme.colors.paperRaised};
  }
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.45rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const faces = ['young-02', 'middle-04', 'young-09', 'mature-03', 'young-06'];

const points = [
  {
    title: 'Introductions you can trust',
    text: `Tell ${brand.assistantName} who you are looking for. She finds them among the people you know and the people they know.`,
  },
  {
    title: 'Both sides say yes',
    text: 'Nobody is introduced until both of you agree. Then she opens a WhatsApp group for the two of you.',
  },
  {
    title: 'Friendships that last',
    text: 'When a friendship goes quiet she notices, and offers to draft a message or set a reminder.',
  },
];

export default function BeccaPage() {
  const { videoDone, onVideoFinished, mainRef } = useIntroVideoGate();
  return (
    <>
      <DocumentTitle>{`Meet ${brand.assistantName} · ${brand.productName}`}</DocumentTitle>
      <IntroVideo onFinished={onVideoFinished} />
      <div inert={!videoDone}>
        <HydrateSeparately>
          <SiteHeader />
        </HydrateSeparately>
        <Main id="main" ref={mainRef} tabIndex={-1}>
          <Hero>
            <Faces aria-hidden="true">
              {faces.map((face) => (
                <li key={face}>
                  <AvatarImage src={`/assets/avatars/${face}.png`} size={52} initial="" />
                </li>
              ))}
            </Faces>
            <h1>
              Meet {brand.assistantName}, <span>proactive AI for your relationships</span>
            </h1>
            <Subline>
              {brand.assistantName} introduces you to the right people and keeps you connected to everyone who
              matters
            </Subline>
            <ButtonLink to={routePaths.join}>Request Access</ButtonLink>
          </Hero>
          <HydrateSeparately>
            <Points>
              {points.map((point) => (
                <li key={point.title}>
                  <h2>{point.title}</h2>
                  <p>{point.text}</p>
                </li>
              ))}
            </Points>
          </HydrateSeparately>
        </Main>
        <HydrateSeparately>
          <DarkFooter />
        </HydrateSeparately>
      </div>
    </>
  );
}
