import { useMutation, useQuery } from '@tanstack/react-query';
import type { TStudioGroupRef } from '../../../../../contracts/auth.contract';
import {
  ZAccountingEmail,
  ZAccountingEmailSendResponse,
  type TAccountingEmailSendRequest,
} from '../../../../../contracts/credit-note-run.contract';
import { ZSendStreamMessage, type TSendStreamMessage } from '../../../../../contracts/review.contract';
import { apiRequest } from '../../../shared/api/client';
import { readStream } from '../../../shared/streams/read-stream';
import { settlementQueryKeys } from '../hooks/settlement-api';

// The calls of the credit-note step (spec 7, v2 "credit-note, SEPA, accounting-email calls"). Keys
// sit below the settlement's detail key, so a 'settlement:state' event refreshes them too.

export const creditNoteStepQueryKeys = {
  accountingEmail: (uuid: string, runUuid: string) => [...settlementQueryKeys.detail(uuid), 'accounting-email', runUuid] as const,
};

const seg = encodeURIComponent;
const groupPath = (group: TStudioGroupRef) => `/api/v1/${seg(group.uuid)}`;

/**
 * POST /settlement/trainer-credit-note/send: one credit-note run (its uuid made here, one per
 * "Create credit notes"), answered as a stream of ZSendStreamMessage. A refusal (422 not approved,
 * incomplete, no consent; 409 running or already sent) rejects before any message.
 */
export async function sendCreditNotes({
  group,
  settlementUuid,
  runUuid,
  month,
  trainerUuids,
  confirmSmallBusinessLimit,
  onMessage,
  signal,
}: {
  group: TStudioGroupRef;
  settlementUuid: string;
  runUuid: string;
  month: string | null;
  trainerUuids: string[];
  /** The admin confirmed billing past the small-business limit without VAT (§19 UStG). */
  confirmSmallBusinessLimit?: boolean;
  onMessage: (message: TSendStreamMessage) => void;
  signal?: AbortSignal;
}) {
  await readStream({
    path: `${groupPath(group)}/settlement/trainer-credit-note/send`,
    body: { settlementUuid, settlementRunUuid: runUuid, ...(month ? { settlementMonth: month } : {}), trainersSelected: trainerUuids, ...(confirmSmallBusinessLimit ? { confirmSmallBusinessLimit } : {}) },
    schema: ZSendStreamMessage,
    onMessage,
    signal,
  });
}

/** POST /settlement/accounting-email/prepare: the accounting e-mail of a finished run (spec 3), with its attachment statuses. */
export function useAccountingEmail(group: TStudioGroupRef, settlementUuid: string, runUuid: string | null) {
  return useQuery({
    queryKey: creditNoteStepQueryKeys.accountingEmail(settlementUuid, runUuid ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`${groupPath(group)}/settlement/accounting-email/prepare`, {
        method: 'POST',
        body: { settlementUuid, settlementRunUuid: runUuid },
        schema: ZAccountingEmail,
        signal,
      }),
    enabled: Boolean(runUuid),
    // The admin edits a copy; a refetch only refreshes the attachment statuses.
    staleTime: 30_000,
  });
}

/** POST /settlement/accounting-email/send: answers the server's message (or a 400 naming the bad address). */
export function useSendAccountingEmail(group: TStudioGroupRef) {
  return useMutation({
    mutationFn: (body: TAccountingEmailSendRequest) =>
      apiRequest(`${groupPath(group)}/settlement/accounting-email/send`, { method: 'POST', body, schema: ZAccountingEmailSendResponse }),
  });
}
