import { Alert, Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck, IconInfo } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/PageHeader';
import { fieldErrorOfServer } from '../../shared/forms';
import { useLocale } from '../../shared/hooks/use-locale';
import { useContactRequest, useCreateStudioGroup, useStudioGroups } from './api';
import { blankForm, slugOf, StudioGroupForm } from './StudioGroupForm';

/** /:locale/admin/studio-groups/new[?request={contactRequestUuid}] (operators): the onboarding form, blank or from a contact request. */
export function NewStudioGroupPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requestUuid = params.get('request');
  const request = useContactRequest(requestUuid);
  const groups = useStudioGroups();
  const create = useCreateStudioGroup();

  if ((requestUuid && request.isPending) || groups.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const from = request.data;
  const language = from && (from.language === 'de' || from.language === 'en') ? from.language : null;
  const initial = blankForm(
    from ? { name: from.company, apiSlug: slugOf(from.company), companyName: from.company, languages: language ? [language, ...(['de', 'en'] as const).filter((other) => other !== language)] : ['de', 'en'] } : {},
  );
  const intro = requestUuid ? (
    request.isError ? (
      <Alert color="red" icon={<IconAlert />}>
        {errorMessage(request.error)}
      </Alert>
    ) : from ? (
      <Alert color="blue" icon={<IconInfo />} data-testid="prefilled-from-request">
        {t('onboarding.form.fromRequest', { company: from.company, name: `${from.firstname} ${from.lastname}`, email: from.email })}
      </Alert>
    ) : null
  ) : null;

  return (
    <>
      <PageHeader title={t('onboarding.form.newTitle')} description={t('onboarding.form.newDescription')} />
      <StudioGroupForm
        key={from?.uuid ?? 'blank'}
        mode="create"
        initial={initial}
        mandants={groups.data?.mandants ?? []}
        intro={intro}
        submitting={create.isPending}
        submitLabel={t('onboarding.form.create')}
        onCancel={() => navigate(`/${locale}/admin/studio-groups`)}
        onSubmit={async (values) => {
          try {
            const answer = await create.mutateAsync({ ...values, contactRequestUuid: from?.uuid ?? null });
            notifications.show({ color: 'green', message: answer.message, icon: <IconCheck size={16} /> });
            await navigate(`/${locale}/admin/studio-groups/${answer.studioGroup.uuid}`);
            return null;
          } catch (error) {
            return { errors: fieldErrorOfServer(error), message: error instanceof ApiError ? error.message : errorMessage(error) };
          }
        }}
      />
    </>
  );
}
