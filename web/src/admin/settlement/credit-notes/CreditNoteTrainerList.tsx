import { Badge, Button, Checkbox, Group, ScrollArea, Stack, Text, Tooltip, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPayoutSummary } from '../../../../../contracts/payouts.contract';
import { fromPayoutSummary } from '../../../shared/payouts/payout-status';
import { PayoutStatusBadge } from '../../../shared/payouts/PayoutStatusBadge';
import type { CreditNoteBlock, CreditNoteCandidate } from './credit-note-selection';

/** Spec 2.4 / 9: the trainer list scrolls at 700 px. */
const LIST_HEIGHT = 700;

const BLOCK_COLOR: Record<CreditNoteBlock, MantineColor> = { billed: 'green', incomplete: 'red', noConsent: 'orange', notApproved: 'gray', employee: 'grape', ibanNotApproved: 'orange' };

/**
 * Spec 2.8: a checkbox per trainer, all checked by default, 'select all' / 'unselect all'. A trainer
 * who cannot be billed is greyed and disabled, with the reason (spec 4: billed or incomplete data
 * cannot be selected; DESIGN: no credit note without self-billing consent; with review, only
 * company-approved trainers). A billed trainer shows beside 'billed' what became of the payment
 * of their credit note, as the settlement summary shows it.
 */
export function CreditNoteTrainerList({
  candidates,
  selected,
  onChange,
  disabled,
  payouts,
}: {
  candidates: CreditNoteCandidate[];
  selected: string[];
  onChange: (selected: string[]) => void;
  disabled: boolean;
  /** Per trainer uuid, the payout of the billed credit note (payoutsByTrainer). */
  payouts?: ReadonlyMap<string, TPayoutSummary>;
}) {
  const { t } = useTranslation();
  const billable = candidates.filter((candidate) => candidate.blocks.length === 0);
  const chosen = new Set(selected);
  const toggle = (uuid: string, checked: boolean) => onChange(checked ? [...selected, uuid] : selected.filter((item) => item !== uuid));

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600} data-testid="credit-notes-selected-count">
          {t('creditNoteStep.selectedCount', { selected: selected.length, billable: billable.length })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => onChange(billable.map((candidate) => candidate.trainerUuid))} disabled={disabled || billable.length === 0} data-testid="credit-notes-select-all">
            {t('creditNoteStep.selectAll')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onChange([])} disabled={disabled || selected.length === 0} data-testid="credit-notes-unselect-all">
            {t('creditNoteStep.unselectAll')}
          </Button>
        </Group>
      </Group>
      <ScrollArea.Autosize mah={LIST_HEIGHT} type="auto" offsetScrollbars>
        <Stack gap={4} data-testid="credit-notes-trainers">
          {candidates.length === 0 && (
            <Text size="sm" c="dimmed" data-testid="credit-notes-no-trainers">
              {t('creditNoteStep.noTrainers')}
            </Text>
          )}
          {candidates.map((candidate) => {
            const blocked = candidate.blocks.length > 0;
            const payout = candidate.blocks.includes('billed') ? payouts?.get(candidate.trainerUuid) : undefined;
            return (
              <Group
                key={candidate.trainerUuid}
                gap="sm"
                wrap="nowrap"
                justify="space-between"
                px="xs"
                py={6}
                style={{ borderRadius: 'var(--mantine-radius-sm)', background: blocked ? 'var(--mantine-color-gray-0)' : undefined, opacity: blocked ? 0.7 : 1 }}
                data-testid="credit-notes-trainer"
                data-trainer-uuid={candidate.trainerUuid}
                data-blocked={blocked ? candidate.blocks.join(' ') : undefined}
              >
                <Checkbox
                  checked={!blocked && chosen.has(candidate.trainerUuid)}
                  disabled={blocked || disabled}
                  onChange={(event) => toggle(candidate.trainerUuid, event.currentTarget.checked)}
                  label={
                    <Text size="sm" c={blocked ? 'dimmed' : undefined} component="span">
                      <Text span fw={600} inherit>
                        {candidate.name}
                      </Text>
                      {candidate.personName && ` (${candidate.personName})`}
                      <Text span c="dimmed" size="xs" ml="xs">
                        #{candidate.id} · {candidate.studios.join(', ')}
                      </Text>
                    </Text>
                  }
                  aria-label={candidate.name}
                  data-testid="credit-notes-trainer-checkbox"
                />
                {blocked && (
                  <Group gap={4} wrap="nowrap">
                    {candidate.blocks.map((block) => (
                      <Tooltip
                        key={block}
                        multiline
                        w={280}
                        withArrow
                        label={
                          block === 'incomplete'
                            ? t('creditNoteStep.blockHint.incomplete', { items: candidate.missing.map((item) => t(`settlement.select.missing.${item}`)).join(', ') })
                            : t(`creditNoteStep.blockHint.${block}`)
                        }
                      >
                        <Badge color={BLOCK_COLOR[block]} variant="light" tt="none" data-testid={`credit-notes-block-${block}`}>
                          {t(`creditNoteStep.block.${block}`)}
                        </Badge>
                      </Tooltip>
                    ))}
                    {payout && <PayoutStatusBadge payout={fromPayoutSummary(payout)} />}
                  </Group>
                )}
              </Group>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
