import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../shared/api/client';
import { useAnswerInvitation, usePendingInvitations } from '../../shared/account-links/api';
import { GroupLogo } from '../../shared/account-links/GroupLogo';
import { DelayedLoader } from '../../shared/components/DelayedLoader';
import { IconAlert } from '../../shared/components/icons';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePageTitle } from '../../shared/hooks/use-page-title';
import { useSession } from '../../shared/session';

/**
 * /:locale/trainer/invitation/:studioGroupUuid/:studioGroupTrainerUuid (trainer spec 2 "Invitation
 * screen", 4): company name, logo, headline, text, Accept, Decline; both go to the profile.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const { studioGroupUuid = '', studioGroupTrainerUuid = '' } = useParams();
  const invitations = usePendingInvitations();
  const answer = useAnswerInvitation();
  const invitation = invitations.data?.find((candidate) => candidate.studioGroupUuid === studioGroupUuid && candidate.studioGroupTrainerUuid === studioGroupTrainerUuid);
  usePageTitle(t('accountLinks.invitation.navTitle'));

  if (invitations.isPending) return <DelayedLoader />;
  if (!invitation) {
    return (
      <Alert color="yellow" icon={<IconAlert />} data-testid="invitation-missing">
        {invitations.isError ? errorMessage(invitations.error) : t('accountLinks.invitation.notFound')}
      </Alert>
    );
  }
  const company = invitation.studioGroupCompanyName;
  const respond = (accept: boolean) =>
    answer.mutate(
      { accept, trainerUuid: session?.userUuid ?? '', studioGroupUuid, studioGroupTrainerUuid },
      {
        onSuccess: (result) => {
          notifications.show({ color: 'green', message: result.message, autoClose: 4000 });
          void navigate(`/${locale}/trainer/profile`);
        },
      },
    );

  return (
    <Card p="xl" maw={640} data-testid="trainer-invitation">
      <Stack gap="md">
        <GroupLogo name={company} logoPath={invitation.studioGroupLogoPath} size={56} />
        <Text fw={600} data-testid="invitation-company">
          {company}
        </Text>
        <Title order={1} size="h2">{t('accountLinks.invitation.headline', { company })}</Title>
        <Text>{t('accountLinks.invitation.text', { company })}</Text>
        {answer.isError && (
          <Alert color="red" icon={<IconAlert />} role="alert" data-testid="invitation-error">
            {errorMessage(answer.error)}
          </Alert>
        )}
        <Group>
          <Button onClick={() => respond(true)} loading={answer.isPending && answer.variables?.accept} data-testid="invitation-accept">
            {t('accountLinks.invitation.accept')}
          </Button>
          <Button variant="default" onClick={() => respond(false)} loading={answer.isPending && !answer.variables?.accept} data-testid="invitation-decline">
            {t('accountLinks.invitation.decline')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
