import { PageLayout } from '../components/PageLayout';
import { brand } from '../config/brand';
import { LegalDocumentView } from '../features/legal/LegalDocumentView';
import { privacyPolicy } from '../features/legal/privacyPolicy';

export default function PrivacyPage() {
  return (
    <PageLayout>
      <title>{`Privacy Policy · ${brand.productName}`}</title>
      <LegalDocumentView document={privacyPolicy} />
    </PageLayout>
  );
}
