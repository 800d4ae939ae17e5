import { PageLayout } from '../components/PageLayout';
import { brand } from '../config/brand';
import { LegalDocumentView } from '../features/legal/LegalDocumentView';
import { termsOfService } from '../features/legal/termsOfService';
import { DocumentTitle } from '../components/DocumentTitle';

export default function TermsPage() {
  return (
    <PageLayout>
      <DocumentTitle>{`Terms of Service · ${brand.productName}`}</DocumentTitle>
      <LegalDocumentView document={termsOfService} />
    </PageLayout>
  );
}
