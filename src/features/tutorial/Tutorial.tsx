import styled from '@emotion/styled';
import { animated, useSpring, useTrail } from '@react-spring/web';
import { useEffect, useState } from 'react';
import { animationDuration } from '../../shared/motion';
import { PrimaryButton } from '../../components/Button';
import { brand } from '../../config/brand';
import { SCREEN_HEADING } from '../../shared/useFocusScreenHeading';

/** The tutorial hands over to the invite flow after about 11.4 s. */
export const TUTORIAL_AUTO_ADVANCE_MS = 11_400;

const secondDegree = [
  {
    picture: '/network/A.png',
    name: 'Maya, 29',
    bio: 'Product designer who runs a Sunday sketch club in Hackney',
  },
  {
    picture: '/network/B.png',
    name: 'James, 34',
    bio: 'Climate-tech founder looking for a technical co-founder',
  },
  {
    picture: '/network/C.png',
    name: 'Priya, 31',
    bio: 'Paediatric nurse, weekend trail runner, always up for a new route',
  },
  { picture: '/network/D.png', name: 'Tom, 52', bio: 'Jazz pianist who teaches at a community music school' },
];

const Stage = styled.section`
  max-width: 44rem;
  margin: 0 auto;
  padding: 2rem 1.25rem 3rem;
  text-align: center;
`;

const You = styled(animated.div)`
  display: inline-grid;
  justify-items: center;
  gap: 0.5rem;
  padding: 1rem 1.5rem;
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.colors.night};
  color: ${({ theme }) => theme.colors.paper};
`;

const YouBadge = styled.div`
  width: 72px;
  height: 72px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.night};
  font-weight: 600;
`;

const People = styled.ul`
  list-style: none;
  padding: 0;
  margin: 1.5rem 0;
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  text-align: left;
`;

const Person = styled(animated.li)`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.paperRaised};
  border: 1px solid ${({ theme }) => theme.colors.line};
  img {
    flex: none;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.line};
  }
  p {
    margin: 0;
    font-size: 0.95rem;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

/** A portrait with a neutral placeholder if the picture cannot load. */
function Portrait({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span
        aria-hidden="true"
        css={{ width: 56, height: 56, borderRadius: '50%', background: '#e4e1da', flex: 'none' }}
      />
    );
  return <img src={src} alt="" width={56} height={56} onError={() => setFailed(true)} />;
}

/**
 * `onFinished` is Get Started; `onAutoAdvance`, when given, is called after about 11.4 s (the page
 * leaves it out once the visitor has closed the invite dialog, so it never reopens by itself).
 */
export function Tutorial({
  onFinished,
  onAutoAdvance,
}: {
  onFinished: () => void;
  onAutoAdvance?: () => void;
}) {
  const youSpring = useSpring({
    from: { opacity: 0, transform: 'scale(0.8)' },
    to: { opacity: 1, transform: 'scale(1)' },
    config: { duration: animationDuration(600) },
  });
  const trail = useTrail(secondDegree.length, {
    from: { opacity: 0, transform: 'translateY(16px)' },
    to: { opacity: 1, transform: 'translateY(0px)' },
    delay: animationDuration(1200),
    config: { duration: animationDuration(700) },
  });

  useEffect(() => {
    if (!onAutoAdvance) return;
    const timer = setTimeout(onAutoAdvance, TUTORIAL_AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [onAutoAdvance]);

  return (
    <Stage aria-labelledby="tutorial-title">
      <h1
        id="tutorial-title"
        tabIndex={-1}
        {...SCREEN_HEADING}
        css={{ fontSize: 'clamp(2rem, 6vw, 2.8rem)', margin: '0 0 1.5rem' }}
      >
        How {brand.productName} connects you
      </h1>
      <You style={youSpring}>
        <YouBadge aria-hidden="true">You</YouBadge>
        <strong>This is You</strong>
        <span>1st degree: the people you already know</span>
      </You>
      <h2 css={{ fontSize: '1.4rem', margin: '2rem 0 0' }}>2nd degree: the people they know</h2>
      <People>
        {trail.map((style, index) => {
          const person = secondDegree[index]!;
          return (
            <Person key={person.picture} style={style}>
              <Portrait src={person.picture} />
              <div>
                <strong>{person.name}</strong>
                <p>{person.bio}</p>
              </div>
            </Person>
          );
        })}
      </People>
      <p>
        Tell {brand.assistantName} who you want to meet. She finds them through the people you already trust,
        and introduces you both in a WhatsApp group once you each say yes.
      </p>
      <PrimaryButton type="button" onClick={onFinished}>
        Get Started
      </PrimaryButton>
    </Stage>
  );
}
