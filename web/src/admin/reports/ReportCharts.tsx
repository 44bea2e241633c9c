import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateTime } from 'luxon';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { centsToEuros, eurosToCents } from '../../../../domain/money';
import type { TStudioBalanceRow, TTrainerBalanceRow } from '../../../../contracts/reports.contract';
import { formatEuros } from '../../shared/format';
import { INTL_LOCALE } from '../../shared/i18n/locales';
import { useLocale } from '../../shared/hooks/use-locale';

// The reports' charts, where an admin would rather look than read: payouts per month
// stacked by studio, one trainer's months, the VAT share. @mantine/charts (recharts underneath) is
// imported only here, so it lands in the reports' lazy chunk.

const COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'lime.7', 'red.6', 'yellow.7', 'blue.4', 'pink.5'];
/** Studios shown by name in the stacked chart; the rest as one 'other studios' band. */
const STUDIO_BANDS = 8;

const sumCents = (values: number[]) => values.reduce((sum, value) => sum + eurosToCents(value), 0);

function useMonthLabel() {
  const locale = useLocale();
  return (month: string) => DateTime.fromISO(month).setLocale(INTL_LOCALE[locale]).toFormat('LLL yyyy');
}

function VatShare({ netEuros, vatEuros }: { netEuros: number; vatEuros: number }) {
  const { t } = useTranslation();
  const data = [
    { name: t('reports.charts.netPart'), value: netEuros, color: 'indigo.6' },
    { name: t('reports.charts.vatPart'), value: vatEuros, color: 'orange.5' },
  ];
  const share = netEuros + vatEuros === 0 ? 0 : (vatEuros / (netEuros + vatEuros)) * 100;
  return (
    <Card withBorder data-testid="chart-vat-share">
      <Stack gap="xs" align="center">
        <Title order={4} size="h6" style={{ alignSelf: 'flex-start' }}>
          {t('reports.charts.vatShare')}
        </Title>
        <DonutChart data={data} withLabelsLine={false} valueFormatter={formatEuros} chartLabel={`${share.toLocaleString('de-DE', { maximumFractionDigits: 1 })} %`} size={180} thickness={28} />
        <Text size="sm" c="dimmed">
          {t('reports.charts.netPart')} {formatEuros(netEuros)} · {t('reports.charts.vatPart')} {formatEuros(vatEuros)}
        </Text>
      </Stack>
    </Card>
  );
}

/** Studio balance: gross per month stacked by studio, and the VAT share. */
export function StudioBalanceCharts({ rows }: { rows: TStudioBalanceRow[] }) {
  const { t } = useTranslation();
  const monthLabel = useMonthLabel();
  const { data, series, net, vat } = useMemo(() => {
    const byStudio = new Map<string, number>();
    for (const row of rows) byStudio.set(row.studio_name, (byStudio.get(row.studio_name) ?? 0) + eurosToCents(row.Sum));
    const top = [...byStudio.entries()].sort((a, b) => b[1] - a[1]).slice(0, STUDIO_BANDS).map(([name]) => name);
    const others = t('reports.charts.others');
    const band = (studio: string) => (top.includes(studio) ? studio : others);
    const months = new Map<string, Record<string, number>>();
    for (const row of rows) {
      const entry = months.get(row.month) ?? {};
      entry[band(row.studio_name)] = (entry[band(row.studio_name)] ?? 0) + eurosToCents(row.Sum);
      months.set(row.month, entry);
    }
    const names = [...top, ...(byStudio.size > top.length ? [others] : [])];
    return {
      data: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, cents]) => ({ month: monthLabel(month), ...Object.fromEntries(names.map((name) => [name, centsToEuros(cents[name] ?? 0)])) })),
      series: names.map((name, index) => ({ name, color: COLORS[index % COLORS.length]! })),
      net: centsToEuros(sumCents(rows.map((row) => row.Netto_Sum))),
      vat: centsToEuros(sumCents(rows.map((row) => row.MwSt_Sum))),
    };
  }, [rows, t, monthLabel]);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} data-testid="report-charts">
      <Card withBorder style={{ gridColumn: 'span 2' }} data-testid="chart-payouts-by-studio">
        <Title order={4} size="h6" mb="sm">
          {t('reports.charts.payoutsByStudio')}
        </Title>
        <BarChart h={280} data={data} dataKey="month" type="stacked" series={series} valueFormatter={formatEuros} withLegend legendProps={{ verticalAlign: 'bottom' }} />
      </Card>
      <VatShare netEuros={net} vatEuros={vat} />
    </SimpleGrid>
  );
}

/** Trainer balance: one trainer's months (gross, billed and prepared), and the VAT share of the selection. */
export function TrainerBalanceCharts({ rows }: { rows: TTrainerBalanceRow[] }) {
  const { t } = useTranslation();
  const monthLabel = useMonthLabel();
  const trainers = useMemo(() => {
    const byUuid = new Map<string, { name: string; cents: number }>();
    for (const row of rows) {
      const entry = byUuid.get(row.trainer_uuid) ?? { name: row.trainer_name, cents: 0 };
      entry.cents += eurosToCents(row.Brutto);
      byUuid.set(row.trainer_uuid, entry);
    }
    return [...byUuid.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name, 'de')).map(([value, entry]) => ({ value, label: entry.name }));
  }, [rows]);
  const [picked, setPicked] = useState<string | null>(null);
  const trainerUuid = picked && trainers.some((trainer) => trainer.value === picked) ? picked : (trainers[0]?.value ?? null);
  const billed = t('reports.billing.billed');
  const prepared = t('reports.billing.prepared');
  const data = useMemo(() => {
    const months = new Map<string, { billed: number; prepared: number }>();
    for (const row of rows) {
      if (row.trainer_uuid !== trainerUuid) continue;
      const entry = months.get(row.month) ?? { billed: 0, prepared: 0 };
      entry[row.billing] += eurosToCents(row.Brutto);
      months.set(row.month, entry);
    }
    return [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, cents]) => ({ month: monthLabel(month), [billed]: centsToEuros(cents.billed), [prepared]: centsToEuros(cents.prepared) }));
  }, [rows, trainerUuid, monthLabel, billed, prepared]);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} data-testid="report-charts">
      <Card withBorder style={{ gridColumn: 'span 2' }} data-testid="chart-trainer-months">
        <Group justify="space-between" mb="sm">
          <Title order={4} size="h6">
            {t('reports.charts.trainerMonths')}
          </Title>
          <Select size="xs" w={260} searchable aria-label={t('reports.charts.trainerSelect')} data={trainers} value={trainerUuid} onChange={setPicked} allowDeselect={false} data-testid="chart-trainer-select" />
        </Group>
        <BarChart h={260} data={data} dataKey="month" type="stacked" series={[{ name: billed, color: 'indigo.6' }, { name: prepared, color: 'yellow.6' }]} valueFormatter={formatEuros} withLegend legendProps={{ verticalAlign: 'bottom' }} />
      </Card>
      <VatShare netEuros={centsToEuros(sumCents(rows.map((row) => row.Netto)))} vatEuros={centsToEuros(sumCents(rows.map((row) => row.MwSt)))} />
    </SimpleGrid>
  );
}
