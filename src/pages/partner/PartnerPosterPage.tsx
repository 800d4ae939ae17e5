import { useParams } from 'react-router-dom';
import { DocumentTitle } from '../../components/DocumentTitle';
import { brand } from '../../config/brand';
import { DoorPoster } from '../../features/partnerArea/DoorPoster';

/** `/partner/links/{code}/poster`: full screen, for a tablet at the door or a printer. */
export default function PartnerPosterPage() {
  const { code = '' } = useParams();
  return (
    <>
      <DocumentTitle>{`Door poster · ${brand.productName}`}</DocumentTitle>
      <DoorPoster code={code} />
    </>
  );
}
