import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { routePaths } from '../shared/routePaths';
import { DocumentTitle } from '../components/DocumentTitle';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <PageLayout>
      <DocumentTitle>Page not found · Becca</DocumentTitle>
      <h1>Oops! Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to={routePaths.home}>Return to Home</Link>
      </p>
    </PageLayout>
  );
}
