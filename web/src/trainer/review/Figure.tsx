import { Box, Text } from '@mantine/core';

/** A figure of a class card on a phone: its column name over the value. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box ta="right">
      <Text fz={10} c="dimmed" tt="uppercase" lh={1.2}>
        {label}
      </Text>
      <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Box>
  );
}
