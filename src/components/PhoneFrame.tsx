import styled from '@emotion/styled';
import type { ReactNode } from 'react';

/** The phone mock-up is 280 to 380 px wide; it scales with the viewport in between. */
const Frame = styled.div`
  position: relative;
  width: clamp(280px, 80vw, 380px);
  aspect-ratio: 9 / 19;
  border-radius: 44px;
  padding: 12px;
  background: #111116;
  box-shadow: var(--phone-shadow, 0 30px 60px rgba(0, 0, 0, 0.35));
`;

const Screen = styled.div`
  position: relative;
  height: 100%;
  overflow: hidden;
  border-radius: 34px;
  background: #ece5dd;
`;

export function PhoneFrame({
  children,
  label,
  className,
}: {
  children: ReactNode;
  label?: string;
  className?: string;
}) {
  return (
    <Frame className={className} role={label ? 'img' : undefined} aria-label={label}>
      <Screen>{children}</Screen>
    </Frame>
  );
}
