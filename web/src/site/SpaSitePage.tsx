import './site.css';
import { Alert, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isAppLocale } from '../shared/i18n/locales';
import { fetchContent, loadSiteData, type SitePage } from './content/site-data';
import { PublicSite } from './PublicSite';

/**
 * A public page inside the web app, for a navigation that stays in the app (the server answers a
 * visit of /{lang}/, /{lang}/pricing or /{lang}/contact with the prerendered page instead). Lazy:
 * the app's first load does not carry the site.
 */
export function SpaSitePage({ page }: { page: SitePage }) {
  const { locale } = useParams();
  const lang = isAppLocale(locale) ? locale : 'de';
  const data = useQuery({ queryKey: ['content', 'site', page, lang], queryFn: () => loadSiteData(page, lang, fetchContent), staleTime: 0, retry: 1 });
  if (data.isError) {
    return (
      <Center mih="60vh" p="md">
        <Alert color="red">{String(data.error.message)}</Alert>
      </Center>
    );
  }
  if (!data.data) {
    return (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  return <PublicSite key={`${page}-${lang}`} initial={data.data} />;
}

export default SpaSitePage;
