import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../shared/format';

/** Sum Net, Sum Vat, Sum Gross in EUR, German formatting (spec 2.10, 2.12); the props are the answers' euros. */
export function SumCards({ net, vat, gross }: { net: number; vat: number; gross: number }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'net', label: t('settlement.sums.net'), value: net },
    { key: 'vat', label: t('settlement.sums.vat'), value: vat },
    { key: 'gross', label: t('settlement.sums.gross'), value: gross },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="sum-cards">
      {cards.map((card) => (
        <Card key={card.key} padding="md">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
            {card.label}
          </Text>
          <Text fz={24} fw={700} ff="monospace" data-testid={`sum-${card.key}`}>
            {formatEuros(card.value)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
