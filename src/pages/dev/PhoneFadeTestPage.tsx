import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { PageLayout } from '../../components/PageLayout';
import { PhoneFrame } from '../../components/PhoneFrame';
import { SampleChat } from './sampleChat';
import { DocumentTitle } from '../../components/DocumentTitle';

const backgrounds = {
  Light: '#fbfaf7',
  Dark: '#0f0f14',
  Gold: '#f6c453',
  Gradient: 'linear-gradient(135deg, #8ecae6, #cdb4db)',
} as const;
type BackgroundName = keyof typeof backgrounds;

const Stage = styled.div<{ background: string; maskStart: number; blur: number }>`
  display: grid;
  place-items: center;
  padding: 2rem 1rem;
  border-radius: 20px;
  background: ${({ background }) => background};
  --phone-shadow: 0 ${({ blur }) => Math.round(blur / 2)}px ${({ blur }) => blur}px rgba(0, 0, 0, 0.35);
  & > div {
    mask-image: linear-gradient(to bottom, #000 ${({ maskStart }) => maskStart * 100}%, transparent 100%);
  }
`;

function Slider(props: {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  unit?: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div css={{ display: 'grid', gap: '0.25rem' }}>
      {/* The output beside the label, not in it: HTML lets a label hold no control but its own. */}
      <span>
        <label htmlFor={id}>{props.label}</label>:{' '}
        <output htmlFor={id}>{`${props.value}${props.unit ?? ''}`}</output>
      </span>
      <input
        id={id}
        type="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
      />
    </div>
  );
}

/** Design demo: a phone whose lower part fades out, with the fade and shadow adjustable. */
export default function PhoneFadeTestPage() {
  const [maskStart, setMaskStart] = useState(0.8);
  const [blur, setBlur] = useState(40);
  const [background, setBackground] = useState<BackgroundName>('Light');

  return (
    <PageLayout>
      <DocumentTitle>Phone fade test · Becca</DocumentTitle>
      <h1>Phone fade test</h1>
      <p>The phone’s lower part fades from the mask start to fully transparent at 100 %.</p>
      <div css={{ display: 'grid', gap: '1rem', marginBottom: '1.5rem' }}>
        <Slider
          label="Mask start"
          min={0.6}
          max={0.9}
          step={0.01}
          value={maskStart}
          onChange={setMaskStart}
        />
        <Slider label="Shadow blur" min={10} max={60} step={2} value={blur} unit=" px" onChange={setBlur} />
        <fieldset css={{ border: 0, padding: 0, margin: 0 }}>
          <legend>Background</legend>
          {(Object.keys(backgrounds) as BackgroundName[]).map((name) => (
            <label
              key={name}
              css={{
                marginRight: '1rem',
                display: 'inline-flex',
                gap: '0.35rem',
                minHeight: 44,
                alignItems: 'center',
              }}
            >
              <input
                type="radio"
                name="background"
                checked={background === name}
                onChange={() => setBackground(name)}
              />
              {name}
            </label>
          ))}
        </fieldset>
      </div>
      <Stage background={backgrounds[background]} maskStart={maskStart} blur={blur} data-testid="fade-stage">
        <PhoneFrame label="Phone showing a sample chat that fades out at the bottom">
          <SampleChat />
        </PhoneFrame>
      </Stage>
    </PageLayout>
  );
}
