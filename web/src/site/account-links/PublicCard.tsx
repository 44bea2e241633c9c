import { Box, Paper, Stack } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the first screens'
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../../shared/components/LanguageSwitcher';
import { Logo } from '../../shared/components/Logo';

/** The frame of the screens a person reaches from an e-mailed link, without log-in. */
export function PublicCard({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Stack component="main" bg="gray.0" mih="100vh" p={{ base: 'md', sm: 'xl' }} justify="center" align="center" pos="relative">
      <Box pos="absolute" top={20} left={20}>
        <Logo size={28} />
      </Box>
      <Box pos="absolute" top={20} right={20}>
        <LanguageSwitcher />
      </Box>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} w="100%" maw={520} radius="lg" data-testid={testId}>
        <Stack gap="md">{children}</Stack>
      </Paper>
    </Stack>
  );
}
