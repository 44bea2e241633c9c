import { Button, Center, Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { createContext, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageRouteContext } from '../page-route';
import { KeyedErrorBoundary } from './KeyedErrorBoundary';

// The layouts' content area (trainer portal 2 "Trainer layout", 9): the page is loaded on demand; a
// loading placeholder appears after 200 ms, an ERROR placeholder when the page failed or is still
// not there after 3 s (it replaces the placeholder when it arrives after all), and a loading overlay
// over the content stays until 1 s after the loading ended (the page's code and its first data).

/** Spec 9: loading delay 200 ms, lazy page timeout 3000 ms, loading overlay hide 1000 ms. */
export const PAGE_LOADING_DELAY_MS = 200;
export const PAGE_TIMEOUT_MS = 3000;
export const OVERLAY_HIDE_MS = 1000;
/** Above the page's own layers (sticky table heads), below the app shell's header (100) and modals. */
const OVERLAY_Z_INDEX = 90;

/** The fallback tells the area that a page is being loaded (+1 on mount, -1 on unmount). */
const SuspendedReport = createContext<(delta: number) => void>(() => undefined);

function ErrorPlaceholder({ cause }: { cause: 'timeout' | 'failed' }) {
  const { t } = useTranslation();
  return (
    <Center mih={240} data-testid="page-error" data-cause={cause}>
      <Stack align="center" gap="xs">
        <Text fz={28} fw={800} c="red" style={{ letterSpacing: '0.08em' }}>
          {t('monthClose.page.error')}
        </Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {t('monthClose.page.errorHint')}
        </Text>
        {cause === 'failed' && (
          <Button variant="default" size="xs" onClick={() => window.location.reload()} data-testid="page-error-retry">
            {t('monthClose.page.retry')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

/** Suspense fallback: nothing for 200 ms, then a loader, after 3 s the ERROR placeholder. */
function PageLoadingPlaceholder() {
  const { t } = useTranslation();
  const report = useContext(SuspendedReport);
  const [phase, setPhase] = useState<'waiting' | 'loading' | 'timeout'>('waiting');
  useEffect(() => {
    report(1);
    const loading = window.setTimeout(() => setPhase((current) => (current === 'waiting' ? 'loading' : current)), PAGE_LOADING_DELAY_MS);
    const timeout = window.setTimeout(() => setPhase('timeout'), PAGE_TIMEOUT_MS);
    return () => {
      report(-1);
      window.clearTimeout(loading);
      window.clearTimeout(timeout);
    };
  }, [report]);
  if (phase === 'timeout') return <ErrorPlaceholder cause="timeout" />;
  return (
    <Center mih={240} role="status" aria-live="polite" aria-label={t('monthClose.page.loading')} data-testid="page-loading" data-phase={phase}>
      {phase === 'loading' && <Loader type="dots" />}
    </Center>
  );
}

/** A page that failed (its code did not load, or it crashed) shows ERROR in the content area; another page resets it. */
const failedPlaceholder = () => <ErrorPlaceholder cause="failed" />;

/** Shown while loading, hidden 1 s after the loading ended; never in the way of a click. */
function ContentLoadingOverlay({ loading }: { loading: boolean }) {
  const [visible, setVisible] = useState(loading);
  useEffect(() => {
    if (loading) {
      setVisible(true);
      return undefined;
    }
    const timer = window.setTimeout(() => setVisible(false), OVERLAY_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={OVERLAY_Z_INDEX}
      loaderProps={{ type: 'dots' }}
      overlayProps={{ backgroundOpacity: 0.35, blur: 0, style: { pointerEvents: 'none' } }}
      style={{ pointerEvents: 'none' }}
      data-testid="page-loading-overlay"
    />
  );
}

/**
 * Wraps a layout's `<Outlet />`. Loading is the page's code being fetched (the Suspense fallback is
 * mounted) or any query still fetching its first data.
 *
 * React Router navigates in a transition, and a transition keeps the old page on screen while the
 * new one suspends: no placeholder, no timeout. So the Suspense boundary is keyed by the page's
 * route: another page is a new boundary, which shows its fallback; a change of the same page's
 * parameters or tabs keeps the page mounted. The placeholder is keyed by the navigation,
 * so a boundary that suspends again starts its 200 ms and 3 s afresh instead of keeping the state
 * of an earlier placeholder (seen as a loader flashing at once).
 */
export function LazyPageArea({ children }: { children: ReactNode }) {
  const location = useLocation();
  const pageRoute = useContext(PageRouteContext);
  const [suspended, setSuspended] = useState(0);
  const report = useCallback((delta: number) => setSuspended((count) => count + delta), []);
  const firstLoads = useIsFetching({ predicate: (query) => query.state.data === undefined });
  const loading = suspended > 0 || firstLoads > 0;
  return (
    // aria-busy: a screen reader waits for the page's first data before reading it.
    <div style={{ position: 'relative' }} data-testid="page-area" aria-busy={loading}>
      <ContentLoadingOverlay loading={loading} />
      <KeyedErrorBoundary resetKey={location.pathname} fallback={failedPlaceholder} what="A page of the content area">
        <SuspendedReport.Provider value={report}>
          <Suspense key={pageRoute} fallback={<PageLoadingPlaceholder key={location.key} />}>
            {children}
          </Suspense>
        </SuspendedReport.Provider>
      </KeyedErrorBoundary>
    </div>
  );
}
