import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { brand } from '../../config/brand';
import { apiErrorStatus } from '../../shared/api';
import { routePaths } from '../../shared/routePaths';
import { NOT_SIGNED_IN } from './PartnerDashboard';
import { useEventLinksQuery } from './partnerApi';
import { useQrCode } from './useQrCode';

/** How often the count refreshes: live enough for a door, gentle on the server. */
export const POSTER_REFRESH_MS = 5000;

const Poster = styled.main`
  min-height: 100vh;
  display: grid;
  grid-template-columns: 1fr;
  align-items: center;
  justify-items: center;
  gap: 1.5rem;
  padding: 2rem;
  text-align: center;
  background: ${({ theme }) => theme.colors.paper};
  @media (orientation: landscape) and (min-width: 700px) {
    grid-template-columns: auto 1fr;
    text-align: left;
  }
  img {
    width: min(70vmin, 520px);
    height: auto;
  }
  h1 {
    margin: 0 0 1rem;
    font-size: clamp(2rem, 6vw, 4rem);
  }
  @media print {
    min-height: auto;
    .screen-only {
      display: none;
    }
  }
`;

const Count = styled.p`
  margin: 0 0 1rem;
  font-size: clamp(1.5rem, 4vw, 2.6rem);
  strong {
    font-size: 1.6em;
  }
`;

/** `/partner/links/{code}/poster`: the QR for the door and a live count of who registered through it. */
export function DoorPoster({ code }: { code: string }) {
  const links = useEventLinksQuery(undefined, {
    pollingInterval: POSTER_REFRESH_MS,
    refetchOnMountOrArgChange: true,
  });
  const link = links.data?.event_links.find((one) => one.code === code.toUpperCase());
  const qr = useQrCode(link?.status === 'active' ? link.share_url : undefined);

  if (apiErrorStatus(links.error) === 401) return <p>{NOT_SIGNED_IN}</p>;
  if (links.isLoading) return <p aria-busy="true">Loading the poster…</p>;
  if (!link)
    return (
      <main>
        <h1>No such event link</h1>
        <Link to={routePaths.partner}>Back to your partner area</Link>
      </main>
    );
  const registered = link.funnel.registered;
  return (
    <Poster>
      {qr && link.status === 'active' ? (
        <img src={qr.png} alt={`QR code: scan to join ${brand.productName} for ${link.label}`} />
      ) : (
        <p>This link no longer admits anyone ({link.status.replace('_', ' ')}).</p>
      )}
      <div>
        <h1>{link.label}</h1>
        <p css={{ fontSize: '1.3rem' }}>Scan to join {brand.productName} with everyone here tonight.</p>
        <Count role="status" aria-live="polite">
          <strong>{registered}</strong> {registered === 1 ? 'person has' : 'people have'} joined
        </Count>
        <p className="screen-only" css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.25rem' }}>
          <Link to={routePaths.partner}>Back to your partner area</Link>
          {qr && (
            <>
              <a href={qr.png} download={`${link.code}.png`}>
                Download the QR (PNG)
              </a>
              <a href={qr.svg} download={`${link.code}.svg`}>
                Download the QR (SVG)
              </a>
            </>
          )}
          <button type="button" onClick={() => window.print()}>
            Print
          </button>
        </p>
      </div>
    </Poster>
  );
}
