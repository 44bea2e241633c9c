import { useEffect, useState } from 'react';
import { fetchContent, loadSiteData, pageMeta, type SiteData } from './content/site-data';
import { SiteFooter } from './components/SiteFooter';
import { SiteHeader } from './components/SiteHeader';
import { ContactPage } from './pages/ContactPage';
import { HomePage, PricingPage } from './pages/HomePage';

/**
 * A public page with the site chrome. `initial` is what the page was prerendered with (or, in the
 * web app, what it just loaded); the files are read again after the first paint, so a content
 * editor's change shows without a rebuild. A file that cannot be read keeps the text on the page.
 */
export function PublicSite({ initial }: { initial: SiteData }) {
  const [data, setData] = useState(initial);
  useEffect(() => {
    let cancelled = false;
    loadSiteData(initial.page, initial.locale, fetchContent)
      .then((fresh) => {
        if (!cancelled && JSON.stringify(fresh) !== JSON.stringify(initial)) setData(fresh);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [initial]);

  useEffect(() => {
    const { title, description } = pageMeta(data);
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [data]);

  // Spanish pages show English text: that part says so (lang) for screen readers and translators.
  const contentLang = data.fallback ? 'en' : undefined;
  return (
    <div className="tp-site" data-testid={`site-page-${data.page}`}>
      <SiteHeader data={data} />
      <main id="main" lang={contentLang}>
        {data.page === 'home' ? <HomePage data={data} /> : data.page === 'pricing' ? <PricingPage data={data} /> : <ContactPage data={data} />}
      </main>
      <SiteFooter footer={data.footer} lang={contentLang} />
    </div>
  );
}
