import { Alert, Button, Group, Text } from '@mantine/core';
import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../../shared/components/DelayedLoader';
import { IconAlert } from '../../../shared/components/icons';

/** Spec 2.2 and 9: a step screen shows its loading placeholder after 200 ms and gives up after 3000 ms. */
export const STEP_PLACEHOLDER_DELAY_MS = 200;
export const STEP_LOAD_TIMEOUT_MS = 3000;

class StepLoadTimeout extends Error {
  constructor() {
    super(`The step did not load within ${STEP_LOAD_TIMEOUT_MS} ms`);
    this.name = 'StepLoadTimeout';
  }
}

/** A lazily loaded step screen that fails with a timeout instead of waiting for ever. */
function lazyWithTimeout<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    let timer: number | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = window.setTimeout(() => reject(new StepLoadTimeout()), STEP_LOAD_TIMEOUT_MS);
    });
    try {
      return { default: await Promise.race([load(), timeout]) };
    } finally {
      window.clearTimeout(timer);
    }
  });
}

type BoundaryProps = { children: ReactNode; fallback: (error: unknown) => ReactNode };

class StepErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A settlement step failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error);
    return this.props.children;
  }
}

/** The error placeholder of a step (spec 2.2: it shows the word ERROR), with a way to try again. */
function StepErrorPlaceholder({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlert />} title="ERROR" data-testid="step-error" role="alert">
      <Text size="sm">{error instanceof StepLoadTimeout ? t('settlement.wizard.stepTimeout') : t('settlement.wizard.stepFailed')}</Text>
      <Group mt="sm">
        <Button size="xs" variant="light" color="red" onClick={onRetry} data-testid="step-retry">
          {t('settlement.wizard.stepRetry')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Renders one lazily loaded step screen: nothing for 200 ms, then a placeholder, ERROR after
 * 3000 ms or when the screen crashed. "Try again" loads it anew (a failed `lazy` stays failed).
 */
export function StepLoader<P extends object>({ load, props }: { load: () => Promise<ComponentType<P>>; props: P }) {
  const [attempt, setAttempt] = useState(0);
  // A new attempt is a new lazy component: `attempt` is a dependency on purpose.
  const Step = useMemo(() => lazyWithTimeout(load), [load, attempt]);
  return (
    <StepErrorBoundary key={attempt} fallback={(error) => <StepErrorPlaceholder error={error} onRetry={() => setAttempt((n) => n + 1)} />}>
      <Suspense fallback={<DelayedLoader delay={STEP_PLACEHOLDER_DELAY_MS} />}>
        <Step {...props} />
      </Suspense>
    </StepErrorBoundary>
  );
}
