import { Router } from 'express';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { z } from 'zod';
import { settlementWorkflowId } from '../../../workflows/ids';
import { studioGroupOf } from '../../auth/tenancy';
import { ZUuid } from '../../../contracts/common.contract';
import { ZSettlementWorkflowInfo, type TSettlementWorkflowInfo } from '../../../contracts/settlement.contract';
import { notFound } from '../../http/errors';
import { validate, validated } from '../../http/validate';
import { findSettlement } from '../../auth/tenancy';
import { queryState, settlementHandle } from '../../temporal';
import { historyRows } from './workflow-history';
import { requestEntityManager } from '../../http/entity-manager';

type Deps = { temporal: Client; temporalUiUrl: string; temporalNamespace?: string };

const schemas = {
  params: z.object({ settlementUuid: ZUuid }),
  response: ZSettlementWorkflowInfo,
  summary: "Ops: a settlement's workflow run, its history as rows, its state while running, and the Temporal UI link.",
};

/** Mounted under /api/v1/:g — ops: a settlement's workflow, its history in rows and the Temporal UI link. */
export function createWorkflowsRouter({ temporal, temporalUiUrl, temporalNamespace = 'default' }: Deps) {
  const router = Router({ mergeParams: true });

  router.get('/settlement/:settlementUuid/workflow', validate(schemas), async (req, res) => {
    const { params } = validated(req, schemas);
    const em = requestEntityManager();
    const settlement = await findSettlement(em, studioGroupOf(req), params.settlementUuid);
    const handle = settlementHandle(temporal, settlement.uuid);
    let description;
    try {
      description = await handle.describe();
    } catch (error) {
      if (error instanceof WorkflowNotFoundError) throw notFound('process.notFound');
      throw error;
    }
    const workflowId = settlementWorkflowId(settlement.uuid);
    const info: TSettlementWorkflowInfo = {
      workflowId,
      runId: description.runId,
      status: description.status.name,
      startTime: description.startTime.toISOString(),
      closeTime: description.closeTime ? description.closeTime.toISOString() : null,
      historyLength: description.historyLength,
      temporalUiUrl: `${temporalUiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(temporalNamespace)}/workflows/${encodeURIComponent(workflowId)}/${encodeURIComponent(description.runId)}/history`,
      events: await historyRows(handle),
      state: description.status.name === 'RUNNING' ? await queryState(temporal, settlement.uuid) : null,
    };
    res.json(info);
  });

  return router;
}
