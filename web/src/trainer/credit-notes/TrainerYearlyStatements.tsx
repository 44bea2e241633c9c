import { useSession } from '../../shared/session';
import { YearlyStatementsCard } from '../../shared/yearly-statements/YearlyStatementsCard';

/** The portal's credit-notes page: the trainer's own yearly statements from this studio group. */
export function TrainerYearlyStatements({ studioGroupUuid }: { studioGroupUuid: string }) {
  const session = useSession();
  if (!session) return null;
  return <YearlyStatementsCard basePath={`/api/v2/${encodeURIComponent(studioGroupUuid)}/trainer-account/${encodeURIComponent(session.userUuid)}`} />;
}
