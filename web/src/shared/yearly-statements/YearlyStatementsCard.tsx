import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZYearlyStatementYears } from '../../../../contracts/accounting-handoff.contract';
import { apiRequest, errorMessage } from '../api/client';
import { IconAlert } from '../components/icons';
import { fetchDownload } from '../downloads/fetch-download';

/**
 * The yearly statements of a trainer in a studio group: a PDF per year with every credit
 * note and cancellation, net, VAT, gross and the totals. `basePath` is the trainer's own
 * (`/api/v2/{g}/trainer-account/{user}`) or staff's (`/api/v1/{g}/trainers/{trainerUuid}`).
 */
export function YearlyStatementsCard({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const years = useQuery({
    queryKey: ['yearly-statements', basePath],
    queryFn: ({ signal }) => apiRequest(`${basePath}/yearly-statements`, { schema: ZYearlyStatementYears, signal }),
  });
  const [loading, setLoading] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async (year: number) => {
    setLoading(year);
    setProblem(null);
    try {
      await fetchDownload(`${basePath}/yearly-statement/${year}`);
    } catch (error) {
      setProblem(errorMessage(error) || t('accountingHandoff.yearlyStatement.failed'));
    } finally {
      setLoading(null);
    }
  };

  if (!years.data) {
    return years.isError ? (
      <Alert color="red" icon={<IconAlert />}>
        {errorMessage(years.error)}
      </Alert>
    ) : null;
  }
  return (
    <Stack gap="xs" data-testid="yearly-statements">
      <Title order={4} fz="md">
        {t('accountingHandoff.yearlyStatement.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {years.data.years.length > 0 ? t('accountingHandoff.yearlyStatement.description') : t('accountingHandoff.yearlyStatement.none')}
      </Text>
      {years.data.years.length > 0 && (
        <Group gap="xs">
          {years.data.years.map((year) => (
            <Button key={year} variant="light" size="xs" loading={loading === year} onClick={() => void download(year)} data-testid={`yearly-statement-${year}`}>
              {t('accountingHandoff.yearlyStatement.download', { year })}
            </Button>
          ))}
        </Group>
      )}
      {problem && (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="yearly-statement-error">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
