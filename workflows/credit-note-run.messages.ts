import { defineQuery } from '@temporalio/workflow';

// The credit-note run's input and state (spec admin 2.8/2.9, 4 "Credit note flow"). A run is a
// child of the settlement's workflow (`credit-note-run-{runUuid}`); a settlement can have several
// (trainers approved later go into a later run). Corrections start one of their own.

/** Trainers per activity while issuing (one transaction per trainer inside, a heartbeat after each). */
export const CREDIT_NOTE_RUN_CHUNK_SIZE = 25;

export type TCreditNoteRunInput = {
  runUuid: string;
  settlementUuid: string;
  studioGroupUuid: string;
  trainerUuids: string[];
  userUuid: string;
  locale: 'de' | 'en';
  /** E-mail each credit note to its trainer (wizard v1 sends in a step of its own). Default true. */
  sendEmails?: boolean;
};

export type TCreditNoteRunState = {
  runUuid: string;
  phase: 'issuing' | 'sending' | 'files' | 'done';
  total: number;
  processed: number;
  issuedTrainerUuids: string[];
  refusedTrainerUuids: string[];
};

export type TCreditNoteRunResult = {
  runUuid: string;
  issuedTrainerUuids: string[];
  refusedTrainerUuids: string[];
  /** Trainers whose credit note went out by e-mail (state credit_note_send). */
  sentTrainerUuids: string[];
  sums: { netCents: number; vatCents: number; grossCents: number };
};

/** The workflow type (the worker registers the function of this name). */
export const CREDIT_NOTE_RUN_WORKFLOW = 'creditNoteRunWorkflow' as const;
/** The workflow's signature, for typed starts by name. */
export type TCreditNoteRunWorkflow = (input: TCreditNoteRunInput) => Promise<TCreditNoteRunResult>;

export const creditNoteRunStateQuery = defineQuery<TCreditNoteRunState>('state');
