import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { AvatarImage } from '../../components/chat/AvatarImage';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { sampleProfile } from './howItWorksContent';

const Step = styled.li`
  display: grid;
  gap: 2rem;
  justify-items: center;
  align-items: center;
  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: 1fr 1fr;
    gap: 4rem;
    &:nth-of-type(even) > :first-of-type {
      order: 2;
    }
  }
`;

const StepText = styled.div`
  max-width: 28rem;
  h2 {
    margin: 0.75rem 0 0.75rem;
    font-size: clamp(1.9rem, 4.5vw, 2.7rem);
  }
  p {
    margin: 0;
    font-size: 1.1rem;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

export const StepTagline = styled.strong`
  display: block;
  margin-bottom: 0.75rem;
  font-size: 1.2rem;
  font-weight: 600;
`;

const StepNumber = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.gold};
  font-weight: 600;
`;

const Visual = styled.div`
  display: grid;
  gap: 1.25rem;
  justify-items: center;
  width: 100%;
`;

const ProfileCard = styled.section`
  display: flex;
  align-items: center;
  gap: 1rem;
  width: 100%;
  max-width: 24rem;
  padding: 1.1rem 1.25rem;
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.colors.paperRaised};
  h3 {
    margin: 0;
    font-size: 1.35rem;
  }
  dl {
    display: grid;
    gap: 0.1rem;
    margin: 0.25rem 0 0;
    font-size: 0.92rem;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  dd {
    margin: 0;
  }
`;

/** One step of the explainer: number, title and text beside its sample (alternating sides). */
export function StepBlock({
  number,
  title,
  children,
  visual,
}: {
  number: number;
  title: string;
  children: ReactNode;
  visual: ReactNode;
}) {
  return (
    <Step>
      <StepText>
        <StepNumber aria-hidden="true">{number}</StepNumber>
        <h2>{title}</h2>
        {children}
      </StepText>
      <Visual>{visual}</Visual>
    </Step>
  );
}

/** Step 2's sample profile card: name, age, city and area, job, university. */
export function SampleProfileCard() {
  return (
    <ProfileCard aria-label={`Sample profile: ${sampleProfile.name}`}>
      <AvatarImage src={sampleProfile.avatar} size={64} initial={sampleProfile.name.charAt(0)} />
      <div>
        <h3>
          {sampleProfile.name}, {sampleProfile.age}
        </h3>
        <dl>
          <VisuallyHidden as="dt">Location</VisuallyHidden>
          <dd>
            {sampleProfile.city}, {sampleProfile.area}
          </dd>
          <VisuallyHidden as="dt">Job</VisuallyHidden>
          <dd>{sampleProfile.job}</dd>
          <VisuallyHidden as="dt">University</VisuallyHidden>
          <dd>{sampleProfile.university}</dd>
        </dl>
      </div>
    </ProfileCard>
  );
}
