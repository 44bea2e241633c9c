import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { ApiError } from './shared/api/client';
import { ErrorBoundary } from './shared/components/ErrorBoundary';
import { LazyNotifications } from './shared/components/LazyNotifications';
import { cssVariablesResolver, themeWithLabels } from './shared/theme';
import { AppRoutes } from './router';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; network trouble and 5xx get two more tries.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      staleTime: 15_000,
    },
  },
});

export function App() {
  const { t } = useTranslation();
  const theme = useMemo(() => themeWithLabels({ clearInput: t('common.clearInput') }), [t]);
  return (
    // All the theme's CSS variables come from the provider's style element, not only those that differ
    // from Mantine's defaults: so the defaults' stylesheet (default-css-variables.css, 4 KB gzip) need not
    // load with the first screen, where nothing shows before the script has run anyway.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" deduplicateCssVariables={false}>
      {/* Spec 9: toasts vanish after 4 s. */}
      <LazyNotifications position="bottom-right" autoClose={4000} limit={4} />
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          {/* Another language's texts load before its page shows (LocaleLayout); a navigation keeps
              the old page meanwhile, so this shows nothing only before the first page. */}
          <Suspense fallback={null}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Suspense>
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
