import styled from '@emotion/styled';

const Bubble = styled.p<{ side: 'left' | 'right' }>`
  max-width: 80%;
  margin: 0.5rem 0.75rem;
  padding: 0.55rem 0.8rem;
  border-radius: 14px;
  font-size: 0.95rem;
  line-height: 1.35;
  background: ${({ side }) => (side === 'right' ? '#d9fdd3' : '#ffffff')};
  align-self: ${({ side }) => (side === 'right' ? 'flex-end' : 'flex-start')};
  color: #111;
`;

const lines: [side: 'left' | 'right', text: string][] = [
  ['right', 'Do you know anyone who works in documentary film?'],
  ['left', 'Yes! Sam from your climbing group knows Leah, a producer in Bristol.'],
  ['right', 'Amazing, could you introduce us?'],
  ['left', 'I’ll ask Leah first. If she says yes, I’ll start a group chat for you both.'],
  ['right', 'Perfect, thank you!'],
  ['left', 'Leah said yes 🎉 Group chat coming up.'],
];

/** A short sample conversation for the design demos. */
export function SampleChat() {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', paddingTop: '1.5rem' }}>
      {lines.map(([side, text]) => (
        <Bubble key={text} side={side}>
          {text}
        </Bubble>
      ))}
    </div>
  );
}
