import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePendingInvitations } from '../../shared/account-links/api';
import { GroupLogo } from '../../shared/account-links/GroupLogo';
import { NavItem } from '../../shared/components/NavItem';
import { useLocale } from '../../shared/hooks/use-locale';

/** The sidebar's pending invitations (below the connected studio groups): each opens the invitation screen. */
export function PendingInvitationsNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const invitations = usePendingInvitations().data ?? [];
  if (invitations.length === 0) return null;
  return (
    <>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="lg" mb={6} style={{ letterSpacing: '0.06em' }}>
        {t('accountLinks.invitation.navTitle')}
      </Text>
      <Stack gap={4} data-testid="nav-invitations">
        {invitations.map((invitation) => (
          <NavItem
            key={`${invitation.studioGroupUuid}:${invitation.studioGroupTrainerUuid}`}
            to={`/${locale}/trainer/invitation/${invitation.studioGroupUuid}/${invitation.studioGroupTrainerUuid}`}
            label={invitation.studioGroupCompanyName}
            icon={<GroupLogo name={invitation.studioGroupCompanyName} logoPath={invitation.studioGroupLogoPath} size={22} />}
            onNavigate={onNavigate}
          />
        ))}
      </Stack>
    </>
  );
}
