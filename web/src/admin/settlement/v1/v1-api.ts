import type { TStudioGroupRef } from '../../../../../contracts/auth.contract';
import { ZTrainerListResponse, type TPreparationPhase } from '../../../../../contracts/settlement.contract';
import {
  ZV1InvoiceCreateResponse,
  ZV1InvoiceSendResponse,
  ZV1PreparationResponse,
  ZV1UpdateEmailsResponse,
  ZV1UpdateInvoiceResponse,
} from '../../../../../contracts/settlement-v1.contract';
import { apiRequest } from '../../../shared/api/client';

// The calls of wizard v1 (admin spec 7 "Settlement wizard v1 (unversioned paths under /api)"). The
// paths name the studio group by apiSlug / idMandant / idStudioGroup; idUser is the signed-in user.

const seg = encodeURIComponent;

export type V1Scope = { group: TStudioGroupRef; importMonth: string; settlementUuid: string; userUuid: string };

/** POST /api/settlement/{apiSlug}/create/invoice-data | class | trainer. */
export const createSettlementPhase = ({ group, importMonth, settlementUuid }: V1Scope, phase: TPreparationPhase) =>
  apiRequest(`/api/settlement/${seg(group.apiSlug)}/create/${phase}`, {
    method: 'POST',
    body: { idMandant: group.mandantId, idStudioGroup: group.id, importMonth, settlementUuid },
    schema: ZV1PreparationResponse,
  });

/** GET /api/settlement/trainer/list/{apiSlug}/{idStudioGroup}/{importMonth}: the prepared trainers. */
export const loadTrainerList = ({ group, importMonth, settlementUuid }: V1Scope) =>
  apiRequest(`/api/settlement/trainer/list/${seg(group.apiSlug)}/${group.id}/${seg(importMonth)}?settlementUuid=${seg(settlementUuid)}`, { schema: ZTrainerListResponse });

/** GET /api/trainer-invoice/create/...: one trainer's invoice (credit note PDF). */
export const createInvoice = ({ group, importMonth, settlementUuid, userUuid }: V1Scope, trainerId: number) =>
  apiRequest(`/api/trainer-invoice/create/${seg(group.apiSlug)}/${group.mandantId}/${group.id}/${seg(importMonth)}/${trainerId}/${seg(userUuid)}/${seg(settlementUuid)}`, {
    schema: ZV1InvoiceCreateResponse,
  });

/** GET /api/settlement/update/invoice/{idStudioGroup}/{importMonth}/{settlementUuid}. */
export const updateInvoiceState = ({ group, importMonth, settlementUuid }: V1Scope) =>
  apiRequest(`/api/settlement/update/invoice/${group.id}/${seg(importMonth)}/${seg(settlementUuid)}`, { schema: ZV1UpdateInvoiceResponse });

/** GET /api/trainer-invoice/send/...: one trainer's e-mail with the invoice. */
export const sendInvoice = ({ group, importMonth, settlementUuid, userUuid }: V1Scope, trainerId: number) =>
  apiRequest(`/api/trainer-invoice/send/${group.mandantId}/${group.id}/${seg(importMonth)}/${trainerId}/${seg(userUuid)}/${seg(settlementUuid)}`, {
    schema: ZV1InvoiceSendResponse,
  });

/** GET /api/settlement/update/emails/...: the run's banking XML, ZIP and CSV, and the sums. */
export const updateEmailState = ({ group, importMonth, settlementUuid }: V1Scope) =>
  apiRequest(`/api/settlement/update/emails/${seg(group.apiSlug)}/${group.id}/${seg(importMonth)}/${seg(settlementUuid)}`, { schema: ZV1UpdateEmailsResponse });

/** The run's SEPA file (api/downloads), opened through a signed link. */
export const sepaXmlPath = (group: TStudioGroupRef, settlementUuid: string, runUuid: string) =>
  `/api/v1/${seg(group.uuid)}/settlement/${seg(settlementUuid)}/run/${seg(runUuid)}/sepa-xml`;
