import { useEffect, useState } from 'react';

export interface QrImages {
  png: string;
  svg: string;
}

/** The QR of `url` as PNG and SVG data addresses, drawn in the browser by `qrcode` (a lazy chunk). */
export function useQrCode(url: string | undefined): QrImages | null {
  const [images, setImages] = useState<QrImages | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    import(/* webpackChunkName: "qrcode" */ 'qrcode')
      .then(async (qrcode) => {
        const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
        const [png, svg] = await Promise.all([
          qrcode.toDataURL(url, { ...options, width: 600 }),
          qrcode.toString(url, { ...options, type: 'svg' }),
        ]);
        if (current) setImages({ png, svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      // Without the QR the share link is still there.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url]);
  return images;
}
