import { Accordion, Anchor, Button, Card, Group, ScrollArea, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPreviewCheckResponse, TPreviewCheckTrainer } from '../../../../contracts/review.contract';
import { IconCheck } from '../../shared/components/icons';
import { locationsWithTrainers } from './preview-check';
import { IconComment, IconCross, IconRefresh } from './icons';

/** A green tick or a red cross for an approval mark (spec 2.10). */
function Mark({ label, approved }: { label: string; approved: boolean }) {
  return (
    <Group gap={2} wrap="nowrap" c={approved ? 'green.7' : 'red.7'} data-approved={approved}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {approved ? <IconCheck size={14} /> : <IconCross size={14} />}
    </Group>
  );
}

function TrainerRow({ trainer, selected, onSelect, testId }: { trainer: TPreviewCheckTrainer; selected: boolean; onSelect: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onSelect}
      p={6}
      w="100%"
      style={{ borderRadius: 6, background: selected ? 'var(--mantine-color-brand-light)' : undefined }}
      aria-current={selected}
      data-testid={testId}
    >
      <Stack gap={2}>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={selected ? 700 : 500} truncate>
            {trainer.trainer_company_name || trainer.trainer_name}
          </Text>
          {trainer.has_comments && (
            <Tooltip label={t('previewCheck.hasComments')}>
              <span style={{ display: 'inline-flex', flexShrink: 0, color: 'var(--mantine-color-blue-6)' }} data-testid="preview-check-has-comments">
                <IconComment size={14} />
              </span>
            </Tooltip>
          )}
        </Group>
        <Group gap={12} wrap="nowrap">
          <Mark label={t('previewCheck.company')} approved={trainer.approved_by_company === 'true'} />
          <Mark label={t('previewCheck.trainerMark')} approved={trainer.approved_by_trainer === 'true'} />
        </Group>
      </Stack>
    </UnstyledButton>
  );
}

/** Left column: 'Recalculate billing', the location search and the accordion of locations with their trainers. */
export function LocationTrainerList({
  data,
  selectedTrainerUuid,
  onSelect,
  onRecalculate,
  canRecalculate,
}: {
  data: TPreviewCheckResponse | undefined;
  selectedTrainerUuid: string | null;
  onSelect: (trainerUuid: string) => void;
  onRecalculate: () => void;
  canRecalculate: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const locations = locationsWithTrainers(data, search);
  // All locations start open; a trainer teaching at two locations is listed under both, and the
  // first row keeps the plain test id so a test finds one element.
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const listed = new Set<string>();
  const testIdOf = (trainer: TPreviewCheckTrainer) => {
    const plain = `preview-check-trainer-${trainer.trainer_uuid}`;
    if (listed.has(trainer.trainer_uuid)) return `${plain}-${trainer.location_uuid}`;
    listed.add(trainer.trainer_uuid);
    return plain;
  };

  return (
    <Card p="sm">
      <Stack gap="sm">
        {canRecalculate && (
          <Anchor component="button" type="button" size="sm" onClick={onRecalculate} data-testid="preview-check-recalculate">
            <Group gap={4} wrap="nowrap">
              <IconRefresh size={14} />
              {t('previewCheck.recalculate')}
            </Group>
          </Anchor>
        )}
        <Group gap="xs" wrap="nowrap">
          <TextInput
            flex={1}
            size="sm"
            placeholder={t('previewCheck.searchLocation')}
            aria-label={t('previewCheck.searchLocation')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="preview-check-search"
          />
          <Button size="sm" variant="default" onClick={() => setSearch('')} data-testid="preview-check-search-clear">
            {t('previewCheck.clear')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={750} type="auto" offsetScrollbars>
          <Accordion multiple value={expanded ?? locations.map((location) => location.uuid)} onChange={setExpanded} variant="contained" chevronPosition="right" data-testid="preview-check-locations">
            {locations.map((location) => (
              <Accordion.Item key={location.uuid} value={location.uuid} data-testid={`preview-check-location-${location.uuid}`}>
                <Accordion.Control>
                  <Text size="sm" fw={600}>
                    {t('previewCheck.locationTitle', { name: location.name, trainers: location.trainers.length })}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  {location.trainers.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('previewCheck.noTrainersAtLocation')}
                    </Text>
                  ) : (
                    <Stack gap={2}>
                      {location.trainers.map((trainer) => (
                        <TrainerRow
                          key={trainer.trainer_uuid}
                          trainer={trainer}
                          selected={trainer.trainer_uuid === selectedTrainerUuid}
                          onSelect={() => onSelect(trainer.trainer_uuid)}
                          testId={testIdOf(trainer)}
                        />
                      ))}
                    </Stack>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {locations.length === 0 && (
            <Text size="sm" c="dimmed" p="xs">
              {t('previewCheck.noTrainersAtLocation')}
            </Text>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Card>
  );
}
