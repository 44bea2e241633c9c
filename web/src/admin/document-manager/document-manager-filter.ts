import type { TDocumentManagerTrainer } from '../../../../contracts/documents.contract';

// The trainer list's search, sort and filters (admin 2.18), client side like the other admin lists.

export type TrainerSort = 'nameAsc' | 'nameDesc' | 'files' | 'pending';
export type TrainerFilter = { search: string; sort: TrainerSort; hideEmpty: boolean; onlyProblems: boolean };

export const hasProblem = (trainer: TDocumentManagerTrainer) => trainer.expiredCount > 0 || (trainer.accountConnected && trainer.missingMandatory.length > 0);

export function filterTrainers(trainers: readonly TDocumentManagerTrainer[], { search, sort, hideEmpty, onlyProblems }: TrainerFilter): TDocumentManagerTrainer[] {
  const needle = search.trim().toLowerCase();
  const shown = trainers.filter(
    (trainer) => (!needle || trainer.name.toLowerCase().includes(needle)) && (!hideEmpty || trainer.fileCount > 0) && (!onlyProblems || hasProblem(trainer)),
  );
  const byName = (a: TDocumentManagerTrainer, b: TDocumentManagerTrainer) => a.name.localeCompare(b.name, 'de');
  const order: Record<TrainerSort, (a: TDocumentManagerTrainer, b: TDocumentManagerTrainer) => number> = {
    nameAsc: byName,
    nameDesc: (a, b) => byName(b, a),
    files: (a, b) => b.fileCount - a.fileCount || byName(a, b),
    pending: (a, b) => b.pendingCount - a.pendingCount || byName(a, b),
  };
  return [...shown].sort(order[sort]);
}
