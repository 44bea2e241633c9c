import './shared/mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './App';
import { setUnauthorizedHandler } from './shared/api/client';
import { initI18n } from './shared/i18n';
import { localeOfPath, preferredLocale } from './shared/i18n/locales';
import { preloadScreens } from './router';

// An expired or revoked key (401): the client cleared the session; the route guards send the user
// to the log-in page, which says why and returns to this page after logging in again. Here only
// the cache of the old session goes.
setUnauthorizedHandler(() => queryClient.clear());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render is already in the URL's language (no flash of another language): its texts are
// loaded first, and meanwhile the first page's frame or page module with its texts.
preloadScreens(window.location.pathname);
void initI18n(localeOfPath(window.location.pathname) ?? preferredLocale()).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
