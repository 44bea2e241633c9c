import { Alert, Box, Button, Card, Checkbox, Collapse, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { friendlyFormatIBAN } from 'ibantools';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTrainerAccount } from '../../../../contracts/trainer-account.contract';
import { fieldErrorOfServer, fieldErrorsOf, focusFirstError, textField, useFormState } from '../../shared/forms';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { useUpdateTrainerAccount } from '../shared/api';
import { AddressFields, MONOSPACE_INPUT, requiredField } from '../shared/account-fields';
import { asksCurrentPassword } from '../shared/asks-current-password';
import { CurrentPasswordField, useCurrentPassword } from '../shared/CurrentPasswordField';
import { reviewFormValuesOf, ZReviewPersonalData, type ReviewFormValues } from './review-form';

const shownValuesOf = (account: TTrainerAccount): ReviewFormValues => {
  const values = reviewFormValuesOf(account);
  // Shown in groups of four, as on a bank card; the API stores the electronic format.
  return { ...values, trainerIban: friendlyFormatIBAN(values.trainerIban || undefined) ?? values.trainerIban };
};

/**
 * The personal-data form of the review screen (trainer portal 2, 5): shown only while the review is
 * open. Validated with the contract's field schemas before sending (IBAN and tax number required
 * here); when invalid, the required-fields message and nothing is sent. Saves by merge-patch.
 */
export function ReviewPersonalDataForm({ account }: { account: TTrainerAccount }) {
  const { t } = useTranslation();
  const form = useFormState<ReviewFormValues>(() => shownValuesOf(account));
  const update = useUpdateTrainerAccount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const currentPassword = useCurrentPassword();
  const needsPassword = asksCurrentPassword(form.values, account);
  // Complete data folds away behind a one-line summary, so the classes are in view; missing data stays open.
  const [open, setOpen] = useState(() => !ZReviewPersonalData.safeParse(reviewFormValuesOf(account)).success);
  const summary = [
    `${account.firstname} ${account.lastname}`,
    `${account.trainerStreet} ${account.trainerHouse}, ${account.trainerZip} ${account.trainerCity}`,
    friendlyFormatIBAN(account.trainerIban || undefined) ?? '',
  ].join(' · ');
  const field = (name: keyof ReviewFormValues & string) => textField(form, name);
  const required = (name: keyof ReviewFormValues & string) => requiredField(form, name);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = ZReviewPersonalData.safeParse(form.values);
    if (!parsed.success) {
      const errors = fieldErrorsOf(parsed.error);
      form.setErrors(errors);
      // Spec 5: a missing field, and in this form also an invalid VAT ID, shows the required-fields message.
      const requiredMessage = parsed.error.issues.some((issue) => issue.message === 'validation.required' || issue.message === 'validation.vatIdInvalid');
      setRefusal(requiredMessage ? t('trainerAccount.requiredFields') : t('trainerAccount.checkFields'));
      focusFirstError(errors);
      return;
    }
    form.setErrors({});
    if (needsPassword && !currentPassword.check()) {
      focusFirstError({ currentPassword: 'required' });
      return;
    }
    update.mutate(needsPassword ? { ...parsed.data, currentPassword: currentPassword.value } : parsed.data, {
      onSuccess: (answer) => {
        form.setValues(shownValuesOf(answer.account));
        currentPassword.clear();
        notifications.show({ color: 'green', message: answer.message, withBorder: true });
      },
      onError: (error) => {
        const { currentPassword: passwordError, ...errors } = fieldErrorOfServer(error);
        form.setErrors(errors);
        currentPassword.setError(passwordError);
        focusFirstError(passwordError ? { currentPassword: passwordError, ...errors } : errors);
        notifications.show({ color: 'red', title: t('trainerAccount.personalSaveError'), message: errorMessage(error), withBorder: true });
      },
    });
  };

  return (
    <Card data-testid="review-personal-form">
      <form onSubmit={onSubmit} noValidate aria-label={t('trainerPortal.review.personalTitle')}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Box miw={0}>
              <Title order={3} size="h4">
                {t('trainerPortal.review.personalTitle')}
              </Title>
              <Text c="dimmed" size="sm">
                {open ? t('trainerPortal.review.personalText') : summary}
              </Text>
            </Box>
            {/* Never squeezed by a long summary (on a phone it would lose its label). */}
            <Button variant="subtle" size="xs" onClick={() => setOpen((current) => !current)} aria-expanded={open} style={{ flexShrink: 0 }} data-testid="review-personal-toggle">
              {open ? t('trainerPortal.review.personalHide') : t('trainerPortal.review.personalShow')}
            </Button>
          </Group>
          <Collapse expanded={open}>
            <Stack gap="md">
            {refusal && (
              <Alert color="red" icon={<IconAlert />} title={t('trainerAccount.personalSaveError')} role="alert" data-testid="review-personal-error">
                {refusal}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('trainerAccount.fields.firstname')} autoComplete="given-name" {...required('firstname')} />
              <TextInput label={t('trainerAccount.fields.lastname')} autoComplete="family-name" {...required('lastname')} />
              <TextInput label={t('trainerAccount.fields.email')} type="email" autoComplete="email" {...required('email')} />
              <TextInput label={t('trainerAccount.fields.companyName')} description={t('trainerAccount.hints.companyName')} autoComplete="organization" {...field('trainerCompanyName')} />
            </SimpleGrid>
            <AddressFields required={required} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('trainerAccount.fields.iban')} autoComplete="off" styles={MONOSPACE_INPUT} {...required('trainerIban')} />
              <TextInput label={t('trainerAccount.fields.bic')} description={t('trainerAccount.hints.bic')} autoComplete="off" styles={MONOSPACE_INPUT} {...field('trainerBic')} />
              <TextInput label={t('trainerAccount.fields.taxNumber')} autoComplete="off" {...required('trainerTaxno')} />
              <TextInput label={t('trainerAccount.fields.vatId')} description={t('trainerAccount.hints.vatId')} autoComplete="off" {...field('trainerUstidno')} />
            </SimpleGrid>
            <Checkbox
              label={t('trainerAccount.fields.taxRelevant')}
              description={t('trainerPortal.review.taxRelevantInfo')}
              checked={form.values.istaxrelevant}
              onChange={(event) => form.setField('istaxrelevant', event.currentTarget.checked)}
              name="istaxrelevant"
              data-testid="field-istaxrelevant"
            />
            {needsPassword && <CurrentPasswordField currentPassword={currentPassword} />}
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} data-testid="review-personal-submit">
                {t('trainerPortal.review.personalSubmit')}
              </Button>
            </Group>
            </Stack>
          </Collapse>
        </Stack>
      </form>
    </Card>
  );
}
