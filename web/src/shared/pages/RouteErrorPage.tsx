import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { NotFoundPage } from './NotFoundPage';

/** errorElement of the routes: a crash while rendering a page ends here instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorScreen error={error} />;
}
