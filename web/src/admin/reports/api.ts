import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import {
  ZClassesWithoutTrainerResponse,
  ZClassListResponse,
  ZMultiTrainerClassesResponse,
  ZRuleCheckResponse,
  ZSettlementLogReportResponse,
  ZStudioBalanceResponse,
  ZTrainerBalanceResponse,
} from '../../../../contracts/reports.contract';
import { apiRequest } from '../../shared/api/client';
import { queryKeysFactory } from '../../shared/api/query-keys';

// One hook for every report of spec admin 2.14: the report's path and query, its answer contract.

export const reportQueryKeys = queryKeysFactory('report');

export const REPORT_KINDS = [
  'trainerBalance',
  'trainerBalanceByClass',
  'trainerBalanceByStudio',
  'studioBalance',
  'ruleCheck',
  'classes',
  'classesWithoutTrainer',
  'severalTrainers',
  'settlementLog',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const isReportKind = (value: unknown): value is ReportKind => (REPORT_KINDS as readonly unknown[]).includes(value);

/** Which picker a report has: a month range (month ends), a day range, or none. */
export const PICKER: Record<ReportKind, 'months' | 'days' | 'none'> = {
  trainerBalance: 'months',
  trainerBalanceByClass: 'months',
  trainerBalanceByStudio: 'months',
  studioBalance: 'months',
  ruleCheck: 'days',
  classes: 'days',
  classesWithoutTrainer: 'days',
  severalTrainers: 'none',
  settlementLog: 'months',
};

export const HAS_PREPARED_SWITCH: ReadonlySet<ReportKind> = new Set(['trainerBalance', 'trainerBalanceByClass', 'trainerBalanceByStudio', 'studioBalance']);

export type ReportRange = { dateStart: string; dateEnd: string };
export type ReportParams = { range: ReportRange; includePrepared: boolean };

const SCHEMAS = {
  trainerBalance: ZTrainerBalanceResponse,
  trainerBalanceByClass: ZTrainerBalanceResponse,
  trainerBalanceByStudio: ZTrainerBalanceResponse,
  studioBalance: ZStudioBalanceResponse,
  ruleCheck: ZRuleCheckResponse,
  classes: ZClassListResponse,
  classesWithoutTrainer: ZClassesWithoutTrainerResponse,
  severalTrainers: ZMultiTrainerClassesResponse,
  settlementLog: ZSettlementLogReportResponse,
} satisfies Record<ReportKind, z.ZodType>;
export type ReportRow<K extends ReportKind> = z.infer<(typeof SCHEMAS)[K]>[number];

export function reportPath(kind: ReportKind, group: TStudioGroupRef, { range, includePrepared }: ReportParams, sourceSystem: string): string {
  const ids = `${group.mandantId}/${group.id}`;
  const query = new URLSearchParams(range);
  if (HAS_PREPARED_SWITCH.has(kind) && includePrepared) query.set('includePrepared', 'true');
  const base = `/api/v1/${group.uuid}`;
  switch (kind) {
    case 'trainerBalance':
      return `${base}/report/trainer_balance_by_month/${ids}?${query}`;
    case 'trainerBalanceByClass':
      return `${base}/report/trainer_balance_by_month_by_class/${ids}?${query}`;
    case 'trainerBalanceByStudio':
      return `${base}/report/trainer_balance_by_studio_by_month_by_class/${ids}?${query}`;
    case 'studioBalance':
      return `${base}/report/studio_balance_by_month/${ids}?${query}`;
    case 'ruleCheck':
      return `${base}/report/paymenttyperule_check/${ids}?${query}`;
    case 'classes':
      return `${base}/classes/${ids}?${query}`;
    case 'classesWithoutTrainer':
      return `${base}/report/classes/classes-without-trainer/${ids}/${range.dateStart}/${range.dateEnd}`;
    case 'severalTrainers':
      return `${base}/report/${encodeURIComponent(sourceSystem)}/trainerbyclass/${ids}`;
    case 'settlementLog':
      return `${base}/report/settlement_log/${ids}?${query}`;
  }
}

export function useReport<K extends ReportKind>(kind: K, group: TStudioGroupRef, params: ReportParams, sourceSystem: string | undefined) {
  return useQuery({
    queryKey: reportQueryKeys.list({ kind, group: group.uuid, ...params.range, includePrepared: params.includePrepared, sourceSystem }),
    queryFn: ({ signal }) => apiRequest(reportPath(kind, group, params, sourceSystem ?? ''), { schema: SCHEMAS[kind] as z.ZodType<Array<ReportRow<K>>>, signal }),
    enabled: kind !== 'severalTrainers' || Boolean(sourceSystem),
    retry: false,
  });
}
