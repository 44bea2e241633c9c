import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled section of a long form: heading and explanation on the left, fields on the right. */
export function FormSection({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap={4}>
            <Title order={3} fz="lg">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">{children}</Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}

/** Input styles for codes read character by character (IBAN, BIC): monospace in the field only, not the label. */
export const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } as const;
