import styled from '@emotion/styled';
import { useState } from 'react';
import { useIsAppRunning } from '../../shared/useIsAppRunning';

type LoadStatus = 'loading' | 'loaded' | 'failed';

const Frame = styled.span`
  position: relative;
  display: inline-block;
  flex: none;
  border-radius: 50%;
  overflow: hidden;
`;

const Placeholder = styled.span`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  background: linear-gradient(135deg, #f6c453, #f4a261);
  color: #15151c;
  font-family: ${({ theme }) => theme.fonts.display};
`;

const Picture = styled.img`
  position: relative;
  display: block;
  transition: opacity 0.2s ease;
`;

interface AvatarImageProps {
  src: string;
  size: number;
  initial: string;
}

/**
 * A round portrait that reserves its size and shows a placeholder (the initial) until the picture
 * has loaded; a picture that fails keeps the placeholder and logs a warning.
 * The portraits are decoration that appears later or under the intro video, so prerendered HTML
 * shows only the placeholder and the picture is requested once the app runs: it never competes
 * with the first paint, and its load and error handlers are always attached.
 */
export function AvatarImage({ src, size, initial }: AvatarImageProps) {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const requested = useIsAppRunning();

  return (
    <Frame data-status={status} style={{ width: size, height: size }}>
      {status !== 'loaded' && (
        <Placeholder aria-hidden="true" style={{ fontSize: size * 0.45 }}>
          {initial}
        </Placeholder>
      )}
      {requested && (
        <Picture
          src={src}
          alt=""
          width={size}
          height={size}
          decoding="async"
          style={{ opacity: status === 'loaded' ? 1 : 0 }}
          onLoad={() => setStatus('loaded')}
          onError={() => {
            console.warn(`Image failed to load, keeping its placeholder: ${src}`);
            setStatus('failed');
          }}
        />
      )}
    </Frame>
  );
}
