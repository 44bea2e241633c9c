import { Box, Button, Group, Modal, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTrainerMergeOption } from '../../../../contracts/trainer-overview.contract';
import { errorMessage } from '../../shared/api/client';
import { IconCheck } from '../../shared/components/icons';
import { useMergeOptions, useMergeTrainers } from './api';

/** Spec 9: the dropdown closes 150 ms after the input loses focus (so a click on an option lands first). */
export const BLUR_CLOSE_MS = 150;

/** Name or e-mail, case-insensitive substring (spec 2.21). */
export function matchMergeOption(option: TTrainerMergeOption, query: string): boolean {
  const text = query.trim().toLocaleLowerCase('de');
  if (!text) return true;
  return option.trainerName.toLocaleLowerCase('de').includes(text) || (option.trainerEmail ?? '').toLocaleLowerCase('de').includes(text);
}

/**
 * Spec 2.21: a searchable dropdown of the group's other trainers with keyboard navigation (arrows,
 * Enter, Escape), 'No trainers found', about 16rem high; the merge button is enabled only once a
 * trainer is chosen, and asks before merging that record into this one.
 */
export function TrainerMergeSelector({ studioGroupUuid, trainerUuid, trainerName }: { studioGroupUuid: string; trainerUuid: string; trainerName: string }) {
  const { t } = useTranslation();
  const options = useMergeOptions(studioGroupUuid);
  const merge = useMergeTrainers(studioGroupUuid);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<TTrainerMergeOption | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listId = useId();

  const candidates = useMemo(
    () => (options.data ?? []).filter((option) => option.trainerUuid !== trainerUuid && matchMergeOption(option, query)),
    [options.data, trainerUuid, query],
  );
  useEffect(() => () => (blurTimer.current ? clearTimeout(blurTimer.current) : undefined), []);

  const choose = (option: TTrainerMergeOption) => {
    setSelected(option);
    setQuery(option.trainerName);
    setOpen(false);
    setProblem(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (candidates.length === 0 ? 0 : (index + step + candidates.length) % candidates.length));
    } else if (event.key === 'Enter') {
      // Never submits the trainer form around this selector.
      event.preventDefault();
      const option = candidates[active];
      if (open && option) choose(option);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const onMerge = () => {
    if (!selected) return;
    merge.mutate(
      { trainerUuid, mergeTrainerUuid: selected.trainerUuid },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, icon: <IconCheck size={16} /> });
          setConfirming(false);
          setSelected(null);
          setQuery('');
        },
        onError: (error) => {
          setConfirming(false);
          setProblem(errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack gap="xs" data-testid="merge-selector">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Box pos="relative" style={{ flex: 1 }}>
          <TextInput
            label={t('trainerAdmin.merge.label')}
            placeholder={t('trainerAdmin.merge.placeholder')}
            value={query}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && candidates[active] ? `${listId}-${active}` : undefined}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setSelected(null);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => {
              if (blurTimer.current) clearTimeout(blurTimer.current);
              setOpen(true);
            }}
            onBlur={() => {
              blurTimer.current = setTimeout(() => setOpen(false), BLUR_CLOSE_MS);
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
            data-testid="merge-search"
          />
          {open && (
            <Paper withBorder shadow="md" pos="absolute" left={0} right={0} mt={4} style={{ zIndex: 20 }} data-testid="merge-dropdown">
              <ScrollArea.Autosize mah="16rem" type="auto">
                <Stack gap={0} id={listId} role="listbox">
                  {candidates.length === 0 ? (
                    <Text size="sm" c="dimmed" p="sm" data-testid="merge-none">
                      {t('trainerAdmin.merge.none')}
                    </Text>
                  ) : (
                    candidates.map((option, index) => (
                      <UnstyledButton
                        key={option.trainerUuid}
                        id={`${listId}-${index}`}
                        type="button"
                        role="option"
                        aria-selected={index === active}
                        px="sm"
                        py={6}
                        style={{ background: index === active ? 'var(--mantine-color-blue-light)' : undefined }}
                        onMouseDown={(event) => event.preventDefault()}
                        onMouseEnter={() => setActive(index)}
                        onClick={() => choose(option)}
                        data-testid="merge-option"
                        data-active={index === active || undefined}
                      >
                        <Text size="sm" fw={600}>
                          {option.trainerName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          #{option.id}
                          {option.trainerEmail ? ` · ${option.trainerEmail}` : ''}
                        </Text>
                      </UnstyledButton>
                    ))
                  )}
                </Stack>
              </ScrollArea.Autosize>
            </Paper>
          )}
        </Box>
        <Button type="button" color="red" variant="light" disabled={!selected || merge.isPending} onClick={() => setConfirming(true)} data-testid="merge-button">
          {t('trainerAdmin.merge.button')}
        </Button>
      </Group>
      {problem && (
        <Text size="sm" c="red" role="alert" data-testid="merge-error">
          {problem}
        </Text>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('trainerAdmin.merge.confirmTitle')} centered>
        <Stack>
          <Text size="sm">{t('trainerAdmin.merge.confirmText', { merged: selected?.trainerName ?? '', kept: trainerName })}</Text>
          <Group justify="flex-end">
            <Button type="button" variant="default" onClick={() => setConfirming(false)}>
              {t('trainerAdmin.merge.cancel')}
            </Button>
            <Button type="button" color="red" loading={merge.isPending} onClick={onMerge} data-testid="merge-confirm">
              {t('trainerAdmin.merge.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
