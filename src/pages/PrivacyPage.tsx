import { PageLayout } from '../components/PageLayout';
import { brand } from '../config/brand';
import { LegalDocumentView } from '../features/legal/LegalDocumentView';
import { privacyPolicy } from '../features/legal/privacyPolicy';
import { DocumentTitle } from '../components/DocumentTitle';

export default function PrivacyPage() {
  return (
    <PageLayout>
      <DocumentTitle>{`Privacy Policy · ${brand.productName}`}</DocumentTitle>
      <LegalDocumentView document={privacyPolicy} />
    </PageLayout>
  );
}
