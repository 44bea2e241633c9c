import { Alert, CloseButton, Group, Stack, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { IconAlert } from '../../../shared/components/icons';

type WizardError = { id: number; message: string };
type WizardErrors = { report: (message: string) => void; clear: () => void };

const WizardErrorContext = createContext<WizardErrors>({ report: () => undefined, clear: () => undefined });

/** Step screens pass their failures up to the wizard's error area (spec 2.2). */
export const useWizardErrors = () => useContext(WizardErrorContext);

let nextId = 1;

/** The wizard's error area: one red alert per message a step passed up (spec 8: "the server message in a red alert"). */
export function WizardErrorArea({ children }: { children: ReactNode }) {
  const [errors, setErrors] = useState<WizardError[]>([]);
  // The same message twice (a retried call) is shown once.
  const report = useCallback(
    (message: string) => setErrors((current) => (current.some((error) => error.message === message) ? current : [...current, { id: nextId++, message }])),
    [],
  );
  const clear = useCallback(() => setErrors([]), []);
  const value = useMemo(() => ({ report, clear }), [report, clear]);

  return (
    <WizardErrorContext value={value}>
      {errors.length > 0 && (
        <Stack gap="xs" mb="md" data-testid="wizard-errors">
          {errors.map((error) => (
            <Alert key={error.id} color="red" icon={<IconAlert />} role="alert" py="xs" data-testid="wizard-error">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">{error.message}</Text>
                <CloseButton size="sm" onClick={() => setErrors((current) => current.filter((item) => item.id !== error.id))} />
              </Group>
            </Alert>
          ))}
        </Stack>
      )}
      {children}
    </WizardErrorContext>
  );
}
