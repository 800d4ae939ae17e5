import { PageLayout } from '../components/PageLayout';
import { brand } from '../config/brand';
import { FaqAccordion } from '../features/faq/FaqAccordion';
import { faqSections } from '../features/faq/faqContent';
import { DocumentTitle } from '../components/DocumentTitle';

export default function FaqPage() {
  return (
    <PageLayout>
      <DocumentTitle>{`FAQ · ${brand.productName}`}</DocumentTitle>
      <h1 css={{ fontSize: 'clamp(2rem, 6vw, 3rem)', margin: '1rem 0 0.5rem' }}>
        Frequently asked questions
      </h1>
      <p>
        Everything people ask us about {brand.productName}, {brand.tagline}. Can’t find your answer? Write to{' '}
        <a href={`mailto:${brand.contactEmail}`}>{brand.contactEmail}</a>.
      </p>
      <FaqAccordion sections={faqSections} />
    </PageLayout>
  );
}
