import { PageLayout } from '../components/PageLayout';
import { brand } from '../config/brand';
import { LegalDocumentView } from '../features/legal/LegalDocumentView';
import { termsOfService } from '../features/legal/termsOfService';

export default function TermsPage() {
  return (
    <PageLayout>
      <title>{`Terms of Service · ${brand.productName}`}</title>
      <LegalDocumentView document={termsOfService} />
    </PageLayout>
  );
}
