import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/components/PageHeader';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { StaffPanel } from './StaffPanel';

/** `/:locale/admin/staff`: the current studio group's team (members, invitations, invite form). */
export function StaffPage() {
  const { t } = useTranslation();
  const { current } = useCurrentStudioGroup();
  return (
    <>
      <PageHeader title={t('staff.title')} description={t('staff.description')} />
      {current && <StaffPanel studioGroupUuid={current.uuid} />}
    </>
  );
}
