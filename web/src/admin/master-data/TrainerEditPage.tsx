import { Alert, Badge, Box, Button, Card, Group, List, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { friendlyFormatIBAN } from 'ibantools';
import { Link, useParams } from 'react-router';
import { ZUpdateTrainerRequest, type TTrainerDetail } from '../../../../contracts/trainer.contract';
import { ApiError, errorMessage } from '../../shared/api/client';
import { IconAlert, IconArrowLeft, IconCheck, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { DelayedLoader } from '../../shared/components/DelayedLoader';
import { useLocale } from '../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { CountrySelect } from './CountrySelect';
import { TrainerInvitationCard } from '../account-links/TrainerInvitationCard';
import { TrainerYearlyStatementsCard } from './TrainerYearlyStatementsCard';
import { FormSection, MONOSPACE_INPUT } from './FormSection';
import { fieldErrorOfServer, fieldErrorsOf, focusFirstError, textField, useFormState } from '../../shared/forms';
import { useTrainer, useUpdateTrainer } from './api';
import { useMissingDataLabels } from './trainer-data-labels';
import { TrainerAdminPanel } from '../trainer-overview/TrainerAdminPanel';

type TrainerForm = {
  firstname: string;
  lastname: string;
  companyName: string;
  email: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  iban: string;
  bic: string;
  taxNumber: string;
  taxNumberMandatory: boolean;
  vatId: string;
  vatLiable: boolean;
};

const formOf = (trainer: TTrainerDetail): TrainerForm => ({
  firstname: trainer.firstname ?? '',
  lastname: trainer.lastname ?? '',
  companyName: trainer.companyName ?? '',
  email: trainer.email ?? '',
  street: trainer.street ?? '',
  houseNumber: trainer.houseNumber ?? '',
  postalCode: trainer.postalCode ?? '',
  city: trainer.city ?? '',
  country: trainer.country ?? 'DE',
  // Shown in groups of four, as on a bank card; saved without spaces.
  iban: friendlyFormatIBAN(trainer.iban ?? undefined) ?? trainer.iban ?? '',
  bic: trainer.bic ?? '',
  taxNumber: trainer.taxNumber ?? '',
  taxNumberMandatory: trainer.taxNumberMandatory,
  vatId: trainer.vatId ?? '',
  vatLiable: trainer.vatLiable,
});

/** /:locale/admin/trainer/:id/edit: a trainer's personal, address, bank and tax data (spec 2.4 links here). */
export function TrainerEditPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { current } = useCurrentStudioGroup();
  const id = Number(useParams().id);
  const trainer = useTrainer(current!.uuid, id);
  const back = (
    <Button component={Link} to={`/${locale}/admin/trainers`} variant="default" leftSection={<IconArrowLeft size={16} />} data-testid="trainer-back">
      {t('masterData.trainerEdit.back')}
    </Button>
  );

  if (trainer.isPending && Number.isSafeInteger(id) && id > 0) return <DelayedLoader />;
  if (!trainer.data) {
    const missing = !(Number.isSafeInteger(id) && id > 0) || (trainer.error instanceof ApiError && trainer.error.status === 404);
    return (
      <>
        <PageHeader title={t('masterData.trainerEdit.title')} actions={back} />
        <Alert color={missing ? 'yellow' : 'red'} icon={<IconAlert />} data-testid="trainer-load-error">
          {missing ? t('masterData.trainerEdit.notFound') : errorMessage(trainer.error)}
        </Alert>
      </>
    );
  }
  // Keyed by trainer: the form is filled once, so a background refetch never overwrites what is being typed.
  return <TrainerEditForm key={trainer.data.id} trainer={trainer.data} back={back} studioGroupUuid={current!.uuid} />;
}

function TrainerEditForm({ trainer, back, studioGroupUuid }: { trainer: TTrainerDetail; back: ReactNode; studioGroupUuid: string }) {
  const { t } = useTranslation();
  const missingLabels = useMissingDataLabels();
  const update = useUpdateTrainer(studioGroupUuid, trainer.id);
  const form = useFormState<TrainerForm>(() => formOf(trainer));
  const [problem, setProblem] = useState<string | null>(null);
  const saved = update.data?.trainer ?? trainer;
  const field = (name: keyof TrainerForm & string) => textField(form, name);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZUpdateTrainerRequest.safeParse(form.values);
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error);
      form.setErrors(errors);
      setProblem(t('masterData.common.fixErrors'));
      focusFirstError(errors);
      return;
    }
    form.setErrors({});
    setProblem(null);
    update.mutate(parsed.data, {
      onSuccess: (answer) => {
        form.setValues(formOf(answer.trainer));
        notifications.show({ color: 'green', message: answer.message, icon: <IconCheck size={16} /> });
      },
      onError: (error) => {
        const errors = fieldErrorOfServer(error);
        form.setErrors(errors);
        setProblem(errorMessage(error));
        focusFirstError(errors);
      },
    });
  };

  const completeness = saved.dataCompleteness;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('masterData.trainerEdit.title')}>
      <PageHeader
        title={saved.name}
        description={t('masterData.trainerEdit.description', { sourceId: saved.sourceId })}
        actions={back}
      />
      <Stack gap="lg">
        <Card data-testid="trainer-summary">
          <Stack gap="sm">
            {completeness.complete ? (
              <Alert color="green" icon={<IconCheck />} data-testid="trainer-complete">
                {t('masterData.trainerEdit.complete')}
              </Alert>
            ) : (
              <Alert color="red" icon={<IconAlert />} title={t('masterData.trainerEdit.incompleteTitle')} data-testid="trainer-incomplete">
                <List size="sm">
                  {completeness.missing.map((item) => (
                    <List.Item key={item}>{missingLabels([item])}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {completeness.taxNumberMissingButOptional && (
              <Alert color="yellow" icon={<IconInfo />} data-testid="trainer-tax-note">
                {t('masterData.trainerEdit.taxNumberOptional')}
              </Alert>
            )}
            <Group gap="xs">
              <Badge variant="light" color={saved.accountConnected ? 'indigo' : 'gray'}>
                {saved.accountConnected ? t('masterData.trainerEdit.accountConnected') : t('masterData.trainerEdit.accountNotConnected')}
              </Badge>
              <Text size="sm" c="dimmed">
                {saved.studios.length > 0
                  ? t('masterData.trainerEdit.teachesIn', { studios: saved.studios.map((studio) => studio.name).join(', ') })
                  : t('masterData.trainerEdit.noClasses')}
              </Text>
            </Group>
          </Stack>
        </Card>

        <TrainerAdminPanel studioGroupUuid={studioGroupUuid} trainerUuid={saved.uuid} trainerName={saved.name} />
        <TrainerInvitationCard studioGroupUuid={studioGroupUuid} trainerId={trainer.id} />
        <TrainerYearlyStatementsCard studioGroupUuid={studioGroupUuid} trainerUuid={saved.uuid} />
        {problem && (
          <Alert color="red" icon={<IconAlert />} title={t('masterData.common.notSaved')} role="alert" data-testid="form-error">
            {problem}
          </Alert>
        )}

        <FormSection title={t('masterData.trainerEdit.sections.personal')} description={t('masterData.trainerEdit.sections.personalText')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('masterData.fields.firstname')} required autoComplete="off" {...field('firstname')} />
            <TextInput label={t('masterData.fields.lastname')} required autoComplete="off" {...field('lastname')} />
          </SimpleGrid>
          <TextInput label={t('masterData.fields.companyName')} description={t('masterData.trainerEdit.companyNameHint')} {...field('companyName')} />
          <TextInput label={t('masterData.fields.email')} type="email" {...field('email')} />
          <Text size="xs" c="dimmed">
            {t('masterData.trainerEdit.importNote')}
          </Text>
        </FormSection>

        <FormSection title={t('masterData.trainerEdit.sections.address')} description={t('masterData.trainerEdit.sections.addressText')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Box style={{ gridColumn: 'span 2' }}>
              <TextInput label={t('masterData.fields.street')} {...field('street')} />
            </Box>
            <TextInput label={t('masterData.fields.houseNumber')} {...field('houseNumber')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('masterData.fields.postalCode')} maxLength={5} inputMode="numeric" {...field('postalCode')} />
            <Box style={{ gridColumn: 'span 2' }}>
              <TextInput label={t('masterData.fields.city')} {...field('city')} />
            </Box>
          </SimpleGrid>
          <CountrySelect
            label={t('masterData.fields.country')}
            value={form.values.country}
            onChange={(code) => form.setField('country', code)}
            error={form.errors.country}
            data-testid="field-country"
          />
        </FormSection>

        <FormSection title={t('masterData.trainerEdit.sections.bank')} description={t('masterData.trainerEdit.sections.bankText')}>
          <TextInput label={t('masterData.fields.iban')} description={t('masterData.trainerEdit.ibanHint')} autoComplete="off" styles={MONOSPACE_INPUT} {...field('iban')} />
          <TextInput label={t('masterData.fields.bic')} description={t('masterData.common.optional')} autoComplete="off" styles={MONOSPACE_INPUT} {...field('bic')} />
        </FormSection>

        <FormSection title={t('masterData.trainerEdit.sections.tax')} description={t('masterData.trainerEdit.sections.taxText')}>
          <TextInput label={t('masterData.fields.taxNumber')} {...field('taxNumber')} />
          <Switch
            label={t('masterData.trainerEdit.taxNumberMandatory')}
            description={t('masterData.trainerEdit.taxNumberMandatoryHint')}
            checked={form.values.taxNumberMandatory}
            onChange={(event) => form.setField('taxNumberMandatory', event.currentTarget.checked)}
            data-testid="field-taxNumberMandatory"
          />
          <TextInput label={t('masterData.fields.vatId')} description={t('masterData.trainerEdit.vatIdHint')} autoComplete="off" {...field('vatId')} />
          <Switch
            label={t('masterData.trainerEdit.vatLiable')}
            description={t('masterData.trainerEdit.vatLiableHint')}
            checked={form.values.vatLiable}
            onChange={(event) => form.setField('vatLiable', event.currentTarget.checked)}
            data-testid="field-vatLiable"
          />
        </FormSection>

        <Card pos="sticky" bottom={0} style={{ zIndex: 5 }} withBorder shadow="sm">
          <Group justify="flex-end">
            {back}
            <Button type="submit" loading={update.isPending} data-testid="trainer-save">
              {t('masterData.trainerEdit.save')}
            </Button>
          </Group>
        </Card>
      </Stack>
    </form>
  );
}
