import styled from '@emotion/styled';
import { brand } from '../../config/brand';

const About = styled.section`
  max-width: ${({ theme }) => theme.readingWidth};
  margin: 0 auto;
  padding: 3rem 1.25rem 5rem;
  text-align: center;
  h2 {
    margin: 0 0 1rem;
    font-size: clamp(1.9rem, 5vw, 2.6rem);
  }
  p {
    margin: 0;
    font-size: 1.15rem;
    color: ${({ theme }) => theme.colors.inkSoft};
    ${({ theme }) => theme.media.mobile} {
      text-align: left;
    }
  }
`;

/** The landing page's one-paragraph answer to "what is this?", including what it is not. */
export function WhatIsBecca() {
  return (
    <About aria-labelledby="what-is-becca">
      <h2 id="what-is-becca">What is {brand.productName}?</h2>
      <p>
        {brand.productName} is {brand.tagline}: an AI assistant you talk to on WhatsApp. She gets to know you,
        then introduces you to the people you want to meet, directly or through a friend of a friend, in a
        group chat that opens only once you both say yes. She also remembers the people who matter to you and
        nudges you before a friendship fades. {brand.productName} is not a dating or matchmaking app: she is
        here for friendship, work and community. Membership is by invitation.
      </p>
    </About>
  );
}
