import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { createStoredValue, useStoredValue } from '../../shared/stored-value';
import { useSession } from '../../shared/session';

// Staff may manage several studio groups; every admin call is scoped to the one picked in the top bar.
// The pick is stored so a reload or a new tab opens the same group.
const selectedStudioGroup = createStoredValue<string>('trainerpay.studioGroup', (raw) => (typeof raw === 'string' ? raw : null));

export function useCurrentStudioGroup(): {
  current: TStudioGroupRef | null;
  all: TStudioGroupRef[];
  select: (uuid: string) => void;
} {
  const session = useSession();
  const selectedUuid = useStoredValue(selectedStudioGroup);
  const all = session?.studioGroups ?? [];
  // A stored pick the user no longer has access to falls back to the first group.
  const current = all.find((group) => group.uuid === selectedUuid) ?? all[0] ?? null;
  return { current, all, select: (uuid) => selectedStudioGroup.set(uuid) };
}

/**
 * The caller's role in the current studio group (docs/decisions/0130): 'accountant' reads and changes
 * nothing, so screens hide what the server would refuse; undefined for an operator.
 */
export function useStaffRole(): 'admin' | 'accountant' | undefined {
  return useCurrentStudioGroup().current?.staffRole;
}

/** Whether the caller may change anything in the current studio group (not an accountant). */
export function useMayChange(): boolean {
  return useStaffRole() !== 'accountant';
}
