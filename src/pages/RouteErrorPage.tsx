import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { routePaths } from '../shared/routePaths';

function describe(error: unknown): { status?: number; message: string } {
  if (isRouteErrorResponse(error))
    return { status: error.status, message: error.statusText || String(error.data) };
  if (error instanceof Error) return { message: error.message };
  return { message: String(error) };
}

/** Shown when a route throws or fails to load (for example a chunk lost after a deploy). */
export default function RouteErrorPage() {
  const { status, message } = describe(useRouteError());
  return (
    <PageLayout>
      <h1>Unexpected Application Error!</h1>
      <p role="alert">
        {status !== undefined && <strong>{status} </strong>}
        {message}
      </p>
      <p>
        <Link to={routePaths.home}>Return to Home</Link> or reload the page to try again.
      </p>
    </PageLayout>
  );
}
