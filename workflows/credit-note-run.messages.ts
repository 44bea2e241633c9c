import { defineQuery } from '@temporalio/workflow';

// The credit-note run's input and state (spec admin 2.8/2.9, 4 "Credit note flow"). A run is a
// child of the settlement's workflow (`credit-note-run-{runUuid}`); a settlement can have several
// (trainers approved later go into a later run). Corrections start one of their own.

/** Trainers per activity while issuing (one transaction per trainer inside, a heartbeat after each). */
export const CREDIT_NOTE_RUN_CHUNK_SIZE = 25;
/**
 * Chunks one workflow run takes before it continues as new (2,500 trainers, ~3,000 history events):
 * a run's history stays well below Temporal's warning (10,240 events) however many trainers it has.
 */
export const CREDIT_NOTE_RUN_CHUNKS_PER_RUN = 100;

/**
 * Where a run that continued as new stood, carried to the next run by the run itself (see the
 * workflow): one character per trainer done, in the order of the run's trainers (input.trainerUuids
 * without repeats): 'i' issued, 's' issued and e-mailed, 'r' refused, '-' no answer for them. Its
 * length is where the next run goes on (and the query's `processed`). A character, not a uuid, per
 * trainer: 10,000 trainers carry 10 kB beside the input's uuids, not 1 MB more
 * (docs/decisions/0160).
 */
export type TCreditNoteRunCarried = { outcomes: string };

export type TCreditNoteRunInput = {
  runUuid: string;
  settlementUuid: string;
  studioGroupUuid: string;
  trainerUuids: string[];
  userUuid: string;
  locale: 'de' | 'en';
  /** E-mail each credit note to its trainer (wizard v1 sends in a step of its own). Default true. */
  sendEmails?: boolean;
  /** Trainers per chunk of the pipelined run (tests; default CREDIT_NOTE_RUN_CHUNK_SIZE). */
  chunkSize?: number;
  /** Chunks per workflow run before it continues as new (tests; default CREDIT_NOTE_RUN_CHUNKS_PER_RUN). */
  chunksPerRun?: number;
  /** Set only by the run itself when it continues as new: the trainers done so far. */
  continued?: TCreditNoteRunCarried;
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
