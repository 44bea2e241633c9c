import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/use-page-title';

/** Title, one line of explanation and the page's main actions; also sets the browser tab title. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="md">
      <Stack gap={4}>
        {/* The page's one h1 (the layouts' header holds the logo and menus, no heading). */}
        <Title order={1} fz={26}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm" maw={640}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
