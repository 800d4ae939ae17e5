import { DocumentTitle } from '../../components/DocumentTitle';
import { PageLayout } from '../../components/PageLayout';
import { brand } from '../../config/brand';
import { PartnerDashboard } from '../../features/partnerArea/PartnerDashboard';

/** `/partner`: a community organiser's area. Rendered in the browser only (it depends on the session). */
export default function PartnerPage() {
  return (
    <PageLayout>
      <DocumentTitle>{`Partner area · ${brand.productName}`}</DocumentTitle>
      <PartnerDashboard />
    </PageLayout>
  );
}
