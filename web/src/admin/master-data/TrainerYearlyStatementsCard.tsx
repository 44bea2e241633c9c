import { Card } from '@mantine/core';
import { YearlyStatementsCard } from '../../shared/yearly-statements/YearlyStatementsCard';

/** The admin trainer page: the trainer's yearly statements in this studio group. */
export function TrainerYearlyStatementsCard({ studioGroupUuid, trainerUuid }: { studioGroupUuid: string; trainerUuid: string }) {
  return (
    <Card data-testid="trainer-yearly-statements">
      <YearlyStatementsCard basePath={`/api/v1/${encodeURIComponent(studioGroupUuid)}/trainers/${encodeURIComponent(trainerUuid)}`} />
    </Card>
  );
}
