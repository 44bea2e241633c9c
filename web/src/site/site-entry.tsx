import './site.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SITE_DATA_ELEMENT_ID, type SiteData } from './content/site-data';
import { PublicSite } from './PublicSite';

// The public pages' own entry (web/site.html): React and the site's components only — no UI kit,
// no grid, no charts, no i18n library. The page arrives prerendered; this makes it interactive.

const root = document.getElementById('root');
const dataElement = document.getElementById(SITE_DATA_ELEMENT_ID);
if (root && dataElement?.textContent) {
  const initial = JSON.parse(dataElement.textContent) as SiteData;
  hydrateRoot(
    root,
    <StrictMode>
      <PublicSite initial={initial} />
    </StrictMode>,
  );
}
