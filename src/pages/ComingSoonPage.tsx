import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { routePaths } from '../app/routePaths';
import { brand } from '../config/brand';

/** An honest placeholder inside the real layout for a route whose screen is still being built. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <PageLayout>
      <title>{`${title} · ${brand.productName}`}</title>
      <h1>{title}</h1>
      <p>This page is being built and will be here soon.</p>
      <p>
        Meanwhile, read the <Link to={routePaths.faq}>FAQ</Link> to learn how {brand.productName} works.
      </p>
    </PageLayout>
  );
}
