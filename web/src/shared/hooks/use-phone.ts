import { em, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below the theme's `sm` breakpoint, where Mantine's `hiddenFrom="sm"` shows and the app
 * shell's navbar collapses behind the burger: there a list renders as cards instead of a table.
 * Read at the first render (no effect), so a phone never paints the table first.
 */
export function usePhone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${em(parseFloat(theme.breakpoints.sm) * 16 - 0.1)})`, undefined, { getInitialValueInEffect: false }) ?? false;
}
