import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TAppFooterContent, TContentLocale, TFooterContent } from '../../../contracts/site-content.contract';
import { useLocale } from '../shared/hooks/use-locale';
import { hasShape } from './content/site-data';

// The footers of the trainer portal and the admin app (trainer portal 2 "Marketing and footers"),
// from the same content files as the public site: the trainer's from
// /build/content/trainer_account/{lang}/footer.json, the admin's from the site's footer.json.
// Spanish has no footer of its own: English. A file that cannot be read shows no footer.

async function readFooter<T>(url: (locale: TContentLocale) => string, locale: TContentLocale, fields: string[]): Promise<T> {
  for (const candidate of locale === 'de' || locale === 'en' ? [locale] : [locale, 'en' as const]) {
    const response = await fetch(url(candidate), { cache: 'no-cache' });
    if (response.status === 404) continue;
    if (!response.ok) break;
    const body: unknown = await response.json();
    if (hasShape(body, fields)) return body as T;
  }
  throw new Error('footer content unavailable');
}

export function AppFooter({ kind }: { kind: 'trainer' | 'admin' }) {
  const locale = useLocale();
  const footer = useQuery({
    queryKey: ['content', 'footer', kind, locale],
    queryFn: async (): Promise<{ text: string; links: { name: string; href: string }[]; copyright: string }> => {
      if (kind === 'trainer') return readFooter<TAppFooterContent>((lang) => `/build/content/trainer_account/${lang}/footer.json`, locale, ['text', 'links', 'copyright']);
      const site = await readFooter<TFooterContent>((lang) => `/build/content/web/${lang}/footer.json`, locale, ['legal', 'columns', 'copyright']);
      // For staff at work: the ways to reach TrainerPay and the API reference, not the site's sales links.
      const links = site.columns.flatMap((column) => column.links).filter((link) => /^(mailto:|\/api\/)/.test(link.href));
      return { text: site.legal, links, copyright: site.copyright };
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!footer.data) return null;
  return (
    <Group component="footer" justify="space-between" gap="xs" mt="xl" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} data-testid="app-footer">
      <Text size="xs" c="dimmed" maw={640}>
        {footer.data.text}
      </Text>
      <Group gap="md">
        {footer.data.links.map((link) => (
          <Anchor key={link.href + link.name} href={link.href} size="xs" c="dimmed">
            {link.name}
          </Anchor>
        ))}
        <Text size="xs" c="dimmed">
          {footer.data.copyright}
        </Text>
      </Group>
    </Group>
  );
}
