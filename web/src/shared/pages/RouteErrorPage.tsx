import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { KeyedErrorBoundary } from '../components/KeyedErrorBoundary';

const errorScreen = (error: unknown) => <ErrorScreen error={error} />;

/**
 * Around the routes and the frames: a crash while rendering a page (or its module failing to load)
 * ends here instead of a blank screen; another address tries again.
 */
export function RouteErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <KeyedErrorBoundary resetKey={pathname} fallback={errorScreen} what="A page of the web app">
      {children}
    </KeyedErrorBoundary>
  );
}
