import { Alert, Card, Center, Group, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import { DateTime } from 'luxon';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CLASS_LIST_MAX_DAYS, REPORT_MAX_MONTHS, type TStudioBalanceRow, type TTrainerBalanceRow } from '../../../../contracts/reports.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { useStudioGroup } from '../shared/api';
import { COLUMNS, hasTotals } from './columns';
import { ReportGrid } from './ReportGrid';
import { HAS_PREPARED_SWITCH, isReportKind, PICKER, REPORT_KINDS, useReport, type ReportKind, type ReportRange } from './api';

// Reports (spec admin 2.14): one page, the report chosen in the URL (/admin/reports/:report), each
// with its picker, its grid and, for the balances, charts.

const iso = (date: DateTime) => date.toISODate()!;
const monthEndOf = (value: string) => iso(DateTime.fromISO(value).endOf('month'));

/** Default ranges: the last twelve complete months; day reports the current month (2.14: 'loads the current month on open'). */
function defaultRange(kind: ReportKind): ReportRange {
  const now = DateTime.now().setZone('Europe/Berlin');
  if (PICKER[kind] === 'months') {
    const last = now.minus({ months: 1 }).endOf('month');
    return { dateStart: iso(last.minus({ months: 11 }).endOf('month')), dateEnd: iso(last) };
  }
  if (kind === 'ruleCheck') {
    const last = now.minus({ months: 1 });
    return { dateStart: iso(last.startOf('month')), dateEnd: iso(last.endOf('month')) };
  }
  return { dateStart: iso(now.startOf('month')), dateEnd: iso(now.endOf('month')) };
}

const EXPLAIN: Partial<Record<ReportKind, 'balance' | 'ruleCheck' | 'classes' | 'classesWithoutTrainer' | 'severalTrainers' | 'settlementLog'>> = {
  trainerBalance: 'balance',
  trainerBalanceByClass: 'balance',
  trainerBalanceByStudio: 'balance',
  studioBalance: 'balance',
  ruleCheck: 'ruleCheck',
  classes: 'classes',
  classesWithoutTrainer: 'classesWithoutTrainer',
  severalTrainers: 'severalTrainers',
  settlementLog: 'settlementLog',
};

// The charts (@mantine/charts and recharts, the biggest part of this screen) load only for the
// balances that show them, while their data is being fetched.
const loadCharts = () => import('./ReportCharts');
const TrainerBalanceCharts = lazy(() => loadCharts().then((module) => ({ default: module.TrainerBalanceCharts })));
const StudioBalanceCharts = lazy(() => loadCharts().then((module) => ({ default: module.StudioBalanceCharts })));
const CHART_KINDS: ReadonlySet<ReportKind> = new Set(['trainerBalance', 'trainerBalanceByClass', 'trainerBalanceByStudio', 'studioBalance']);

const GRID_HEIGHT: Partial<Record<ReportKind, number>> = { classesWithoutTrainer: 400, severalTrainers: 400 };

function RangePicker({ kind, range, onChange }: { kind: ReportKind; range: ReportRange; onChange: (range: ReportRange) => void }) {
  const { t } = useTranslation();
  // Half-picked ranges stay in the picker until the second month (or day) is chosen.
  const [draft, setDraft] = useState<[string | null, string | null]>([range.dateStart, range.dateEnd]);
  if (PICKER[kind] === 'months') {
    return (
      <MonthPickerInput
        type="range"
        allowSingleDateInRange
        label={t('reports.picker.months')}
        description={t('reports.picker.monthsHint', { months: REPORT_MAX_MONTHS })}
        valueFormat="MMMM YYYY"
        value={draft}
        onChange={(value) => {
          setDraft(value);
          if (value[0] && value[1]) onChange({ dateStart: monthEndOf(value[0]), dateEnd: monthEndOf(value[1]) });
        }}
        w={360}
        data-testid="report-month-range"
      />
    );
  }
  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      label={t('reports.picker.days')}
      // The API's limits (docs/api.md): a class list is a row per class, so it takes a month at a time.
      description={kind === 'classes' ? t('reports.picker.classDaysHint', { days: CLASS_LIST_MAX_DAYS }) : t('reports.picker.daysHint', { months: REPORT_MAX_MONTHS })}
      valueFormat="DD.MM.YYYY"
      value={draft}
      onChange={(value) => {
        setDraft(value);
        if (value[0] && value[1]) onChange({ dateStart: value[0], dateEnd: value[1] });
      }}
      w={300}
      data-testid="report-day-range"
    />
  );
}

function ReportBody({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation();
  const { current } = useCurrentStudioGroup();
  const group = current!;
  const studioGroup = useStudioGroup(group.uuid);
  const [range, setRange] = useState<ReportRange>(() => defaultRange(kind));
  const [includePrepared, setIncludePrepared] = useState(false);
  const report = useReport(kind, group, { range, includePrepared }, studioGroup.data?.sourceSystem);
  const explain = EXPLAIN[kind];
  const rows = (report.data ?? []) as Array<Record<string, unknown>>;
  useEffect(() => {
    // A failure here is left to the chart's own load (and the page's error boundary).
    if (CHART_KINDS.has(kind)) loadCharts().catch(() => undefined);
  }, [kind]);

  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="sm">
          {explain && (
            <Text size="sm" c="dimmed" data-testid="report-explain">
              {t(`reports.explain.${explain}`)}
            </Text>
          )}
          <Group align="flex-end" gap="lg">
            {PICKER[kind] !== 'none' && <RangePicker kind={kind} range={range} onChange={setRange} />}
            {HAS_PREPARED_SWITCH.has(kind) && (
              <Switch
                label={t('reports.picker.includePrepared')}
                checked={includePrepared}
                onChange={(event) => setIncludePrepared(event.currentTarget.checked)}
                data-testid="report-include-prepared"
                mb={6}
              />
            )}
          </Group>
        </Stack>
      </Card>
      {report.isError && (
        <Alert color="red" icon={<IconAlert />} role="alert" data-testid="report-error" title={t('reports.loadFailed')}>
          {errorMessage(report.error)}
        </Alert>
      )}
      {report.isPending && !report.isError && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {report.isSuccess && (
        <>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader />
              </Center>
            }
          >
            {(kind === 'trainerBalance' || kind === 'trainerBalanceByClass' || kind === 'trainerBalanceByStudio') && rows.length > 0 && <TrainerBalanceCharts rows={report.data as TTrainerBalanceRow[]} />}
            {kind === 'studioBalance' && rows.length > 0 && <StudioBalanceCharts rows={report.data as TStudioBalanceRow[]} />}
          </Suspense>
          <Card withBorder>
            <ReportGrid
              key={`${kind}-${range.dateStart}-${range.dateEnd}-${includePrepared}`}
              rows={rows}
              columns={COLUMNS[kind]}
              withTotal={hasTotals(kind)}
              height={GRID_HEIGHT[kind] ?? 600}
              fileName={`${kind}_${range.dateStart}_${range.dateEnd}.csv`}
            />
          </Card>
        </>
      )}
    </Stack>
  );
}

export function ReportsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const params = useParams();
  const kind: ReportKind = isReportKind(params.report) ? params.report : 'trainerBalance';
  return (
    <>
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      <Stack gap="md">
        <Select
          label={t('reports.choose')}
          data={REPORT_KINDS.map((value) => ({ value, label: t(`reports.kinds.${value}`) }))}
          value={kind}
          allowDeselect={false}
          onChange={(value) => value && void navigate(`/${locale}/admin/reports/${value}`)}
          w={420}
          data-testid="report-select"
          leftSection={<IconInfo />}
        />
        <ReportBody key={kind} kind={kind} />
      </Stack>
    </>
  );
}
