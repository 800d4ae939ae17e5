import styled from '@emotion/styled';
import { routePaths } from '../../shared/routePaths';
import { ButtonLink, ExternalButtonLink } from '../../components/ButtonLink';
import { PageLayout } from '../../components/PageLayout';
import { brand } from '../../config/brand';
import { DocumentTitle } from '../../components/DocumentTitle';
import { CommunityApplicationForm } from '../../features/communityPartner/CommunityApplicationForm';

const Hero = styled.div`
  padding: 1.5rem 0 2.5rem;
  h1 {
    margin: 0 0 1rem;
    font-size: clamp(2.4rem, 7vw, 3.8rem);
  }
`;

const Lead = styled.p`
  margin: 0 0 1.75rem;
  font-size: 1.2rem;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1rem;
`;

const Section = styled.section`
  padding: 2.5rem 0;
  border-top: 1px solid ${({ theme }) => theme.colors.line};
  h2 {
    margin: 0 0 1.25rem;
    font-size: clamp(1.7rem, 4.5vw, 2.3rem);
  }
`;

const Benefits = styled.ul`
  display: grid;
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: 1fr 1fr;
  }
  li {
    padding: 1.25rem 1.4rem;
    border-radius: ${({ theme }) => theme.radius.large};
    background: ${({ theme }) => theme.colors.paperRaised};
    border: 1px solid ${({ theme }) => theme.colors.line};
  }
  h3 {
    margin: 0 0 0.35rem;
    font-size: 1.3rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const HowSteps = styled.ol`
  display: grid;
  gap: 1.1rem;
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
  li {
    position: relative;
    padding-left: 3.25rem;
    counter-increment: step;
  }
  li::before {
    content: counter(step);
    position: absolute;
    left: 0;
    top: 0;
    display: grid;
    place-items: center;
    width: 2.25rem;
    height: 2.25rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.gold};
    font-weight: 600;
  }
  code {
    padding: 0.1rem 0.4rem;
    border-radius: 6px;
    background: #f1ece4;
    font-size: 0.95em;
  }
`;

const benefits = [
  {
    title: 'Warm introductions',
    text: `Members tell ${brand.assistantName} who they want to meet, and she introduces them to fellow members who fit, once both say yes.`,
  },
  {
    title: 'Beyond the room',
    text: 'Through their own networks she also finds friends of friends: people one trusted step away.',
  },
  {
    title: 'Connections that last',
    text: 'When members drift apart she notices and nudges them to reconnect, long after the event is over.',
  },
  {
    title: 'Not a dating app',
    text: 'It is for friendship, collaborators, co-founders and creative partners, with everything in WhatsApp.',
  },
];

export default function CommunitiesPage() {
  const becca = brand.assistantName;
  return (
    <PageLayout>
      <DocumentTitle>{`${brand.productName} for communities`}</DocumentTitle>
      <Hero>
        <h1>{brand.productName} for communities</h1>
        <Lead>
          Run a club, a society, a meetup or an event series? {becca} helps your members find each other and
          keeps them connected between the sessions.
        </Lead>
        <Actions>
          <ExternalButtonLink href="#partner">Partner with {becca}</ExternalButtonLink>
          <ButtonLink tone="light" to={routePaths.join}>
            Join us
          </ButtonLink>
          <ExternalButtonLink tone="light" href={`mailto:${brand.contactEmail}`}>
            Email {brand.contactEmail}
          </ExternalButtonLink>
        </Actions>
      </Hero>
      <Section aria-labelledby="for-members">
        <h2 id="for-members">What {becca} does for your members</h2>
        <Benefits>
          {benefits.map((benefit) => (
            <li key={benefit.title}>
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </Benefits>
      </Section>
      <Section aria-labelledby="invite-links">
        <h2 id="invite-links">How shared invite links work</h2>
        <HowSteps>
          <li>
            We create an invite code for your community. We set how many people can use it and when it
            expires, to suit the size of your group.
          </li>
          <li>
            You share one link, <code>/join?code=YOURCODE</code> on our site, in your newsletter, group chat
            or event page.
          </li>
          <li>
            Whoever opens it finds the code already filled in and checked, creates a profile and meets {becca}{' '}
            on WhatsApp.
          </li>
          <li>
            When the code reaches its limit or its expiry date it stops working. Ask us for a new one at any
            time.
          </li>
        </HowSteps>
      </Section>
      <Section aria-labelledby="partner">
        <h2 id="partner">Partner with {becca}</h2>
        <p>
          Tell us about your community. Once we say yes you get your own area where you make event links with
          a cap and an expiry, a QR code for the door and a live count of who joined. You see numbers only:
          never a member&rsquo;s name, phone or photo.
        </p>
        <CommunityApplicationForm />
      </Section>
      <Section aria-labelledby="get-in-touch">
        <h2 id="get-in-touch">Get in touch</h2>
        <p>
          Tell us about your community: what it is, roughly how many members it has and when you next meet.
          Write to <a href={`mailto:${brand.contactEmail}`}>{brand.contactEmail}</a> and we will set up your
          invite link.
        </p>
      </Section>
    </PageLayout>
  );
}
