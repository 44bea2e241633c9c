import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupState } from '../../../../contracts/onboarding.contract';

const COLOURS: Record<TStudioGroupState, string> = { set_up: 'yellow', live: 'green', suspended: 'red' };

/** A studio group's state (docs/decisions/0125) in words, never by colour alone. */
export function StudioGroupStateBadge({ state }: { state: TStudioGroupState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[state]} variant="light" data-testid="studio-group-state" data-state={state}>
      {t(`onboarding.states.${state}`)}
    </Badge>
  );
}
