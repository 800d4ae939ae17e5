import styled from '@emotion/styled';

const Bar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1.5rem;
`;

const Dots = styled.ol`
  display: flex;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Dot = styled.li<{ state: 'done' | 'current' | 'todo' }>`
  width: ${({ state }) => (state === 'current' ? '2rem' : '0.75rem')};
  height: 0.75rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme, state }) => (state === 'todo' ? theme.colors.line : theme.colors.accent)};
  transition: width 0.3s ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const Count = styled.span`
  font-size: 0.95rem;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

/** Progress dots, one per step shown; screen readers hear "Step 2 of 5". */
export function WizardProgress({ current, total }: { current: number; total: number }) {
  const text = `Step ${current} of ${total}`;
  return (
    <Bar
      role="progressbar"
      aria-label="Your progress"
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={current}
      aria-valuetext={text}
    >
      <Dots aria-hidden="true">
        {Array.from({ length: total }, (_, index) => {
          const position = index + 1;
          const state = position < current ? 'done' : position === current ? 'current' : 'todo';
          return <Dot key={position} state={state} />;
        })}
      </Dots>
      <Count aria-hidden="true">{text}</Count>
    </Bar>
  );
}
