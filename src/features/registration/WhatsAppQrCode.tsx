import styled from '@emotion/styled';
import { useEffect, useState } from 'react';

/**
 * Where the QR helps: a screen at least 1024 px wide with a mouse and no touch, i.e. a laptop or
 * desktop whose owner's WhatsApp is on their phone. Phones never download the QR library.
 */
export const DESKTOP_HANDOFF_QUERY = '(min-width: 1024px) and (hover: hover) and (pointer: fine)';

export const QR_ACCESSIBLE_NAME = 'Scan with your phone to open WhatsApp';

const Figure = styled.figure`
  display: none;
  margin: 0;
  text-align: center;
  @media ${DESKTOP_HANDOFF_QUERY} {
    display: grid;
    justify-items: center;
    gap: 0.5rem;
  }
  img {
    width: 200px;
    height: 200px;
    image-rendering: pixelated;
  }
  figcaption {
    font-size: 0.9rem;
  }
`;

const LinkingCode = styled.code`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  font-size: 1.05rem;
  letter-spacing: 0.08em;
`;

function isDesktopHandoff(): boolean {
  return globalThis.matchMedia?.(DESKTOP_HANDOFF_QUERY).matches ?? false;
}

/** A QR code of the WhatsApp link, drawn in the browser by `qrcode`, loaded only on wide desktop screens. */
export function WhatsAppQrCode({ url, linkingCode }: { url: string; linkingCode: string | null }) {
  const [wanted, setWanted] = useState(isDesktopHandoff);
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    const query = globalThis.matchMedia?.(DESKTOP_HANDOFF_QUERY);
    if (!query) return;
    const update = () => setWanted(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    import(/* webpackChunkName: "qrcode" */ 'qrcode')
      .then((qrcode) => qrcode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 400 }))
      .then((dataUrl) => {
        if (current) setImage(dataUrl);
      })
      // Without the QR the button is still there; nothing to tell the person.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, url]);

  if (!wanted || !image) return null;
  return (
    <Figure>
      <img src={image} alt={QR_ACCESSIBLE_NAME} />
      <figcaption>
        {QR_ACCESSIBLE_NAME}
        {linkingCode && (
          <>
            <br />
            Your code: <LinkingCode>{linkingCode}</LinkingCode>
          </>
        )}
      </figcaption>
    </Figure>
  );
}
