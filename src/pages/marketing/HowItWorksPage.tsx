import styled from '@emotion/styled';
import { routePaths } from '../../shared/routePaths';
import { ButtonLink } from '../../components/ButtonLink';
import { HydrateSeparately } from '../../components/HydrateSeparately';
import { Logo } from '../../components/Logo';
import { SiteFooter } from '../../components/SiteFooter';
import { SkipLink } from '../../components/SkipLink';
import { brand } from '../../config/brand';
import { IntroVideo } from '../../features/introVideo/IntroVideo';
import { exhibitionChat, groupChat, introductionChat } from './howItWorksContent';
import { SampleProfileCard, StepBlock, StepTagline } from './HowItWorksStep';
import { SampleChatCard } from './SampleChatCard';
import { useIntroVideoGate } from './useIntroVideoGate';
import { DocumentTitle } from '../../components/DocumentTitle';

const TopBar = styled.header`
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.25rem clamp(1.25rem, 4vw, 2.5rem);
`;

const Main = styled.main`
  outline: none;
`;

const Intro = styled.div`
  max-width: 46rem;
  margin: 0 auto;
  padding: 1.5rem 1.25rem 1rem;
  text-align: center;
  h1 {
    margin: 0 0 1rem;
    font-size: clamp(2.4rem, 7vw, 4rem);
  }
  p {
    margin: 0;
    font-size: 1.15rem;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const Steps = styled.ol`
  display: grid;
  gap: clamp(3.5rem, 9vw, 6.5rem);
  max-width: 68rem;
  margin: 0 auto;
  padding: clamp(3rem, 8vw, 5rem) 1.25rem;
  list-style: none;
`;

const JoinUs = styled(ButtonLink)`
  position: fixed;
  z-index: 20;
  right: clamp(1rem, 3vw, 2rem);
  bottom: max(1rem, env(safe-area-inset-bottom));
  ${({ theme }) => theme.media.mobile} {
    right: 50%;
    transform: translateX(50%);
    &:hover {
      transform: translateX(50%);
    }
  }
`;

const Banner = styled.section`
  margin: 0 1.25rem 3rem;
  padding: clamp(3rem, 9vw, 6rem) 1.25rem;
  border-radius: 32px;
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.paper};
  text-align: center;
  h2 {
    margin: 0;
    font-size: clamp(2.2rem, 7vw, 4.5rem);
    color: ${({ theme }) => theme.colors.gold};
  }
`;

/** Room under the footer for the fixed Join us button. */
const BottomSpace = styled.div`
  height: 5rem;
`;

export default function HowItWorksPage() {
  const { videoDone, onVideoFinished, mainRef } = useIntroVideoGate();
  const becca = brand.assistantName;
  return (
    <>
      <DocumentTitle>{`How it works · ${brand.productName}`}</DocumentTitle>
      <IntroVideo onFinished={onVideoFinished} clearSeenFlagOnLoad />
      <div inert={!videoDone}>
        <SkipLink href="#main">Skip to content</SkipLink>
        <TopBar>
          <Logo />
        </TopBar>
        <Main id="main" ref={mainRef} tabIndex={-1}>
          <Intro>
            <h1>How {becca} works</h1>
            <p>From “who should I meet?” to a group chat with someone new, in three steps.</p>
          </Intro>
          <HydrateSeparately>
            <Steps>
              <StepBlock
                number={1}
                title={`Meet ${becca}: Tell her who you're looking for`}
                visual={
                  <SampleChatCard
                    chat={exhibitionChat}
                    label="Sample chat: asking for an introduction"
                    ready={videoDone}
                  />
                }
              >
                <p>
                  Message {becca} on WhatsApp like you would a well-connected friend: a person, a skill, a
                  scene, a project. The more she knows you, the better her introductions.
                </p>
              </StepBlock>
              <StepBlock
                number={2}
                title="Get Introduced"
                visual={
                  <>
                    <SampleProfileCard />
                    <SampleChatCard
                      chat={introductionChat}
                      label="Sample chat: a second-degree introduction"
                      ready={videoDone}
                    />
                  </>
                }
              >
                <p>
                  {becca} looks through the people you know and the people they know. When she finds a match,
                  she asks them first and tells you how you are connected.
                </p>
              </StepBlock>
              <StepBlock
                number={3}
                title="Connect"
                visual={<SampleChatCard chat={groupChat} label="Sample group chat" ready={videoDone} />}
              >
                <StepTagline>Match with double opt-in connections via group chats</StepTagline>
                <p>
                  Nobody is introduced until both of you say yes. Then {becca} opens a group chat and steps
                  back.
                </p>
              </StepBlock>
            </Steps>
          </HydrateSeparately>
          <Banner>
            <h2>The AI Social Network!</h2>
          </Banner>
        </Main>
        <HydrateSeparately>
          <SiteFooter />
        </HydrateSeparately>
        <BottomSpace />
        <JoinUs to={routePaths.join}>Join us</JoinUs>
      </div>
    </>
  );
}
