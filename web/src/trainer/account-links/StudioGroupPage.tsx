import { Card, Stack, Tabs } from '@mantine/core';
import '../../shared/mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { StudioGroupHeader } from './StudioGroupHeader';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePhone } from '../../shared/hooks/use-phone';
import { NotFoundPage } from '../../shared/pages/NotFoundPage';
import { useSession } from '../../shared/session';
import { CreditNotesPreviewList } from '../review/CreditNotesPreviewList';
import { IssuedCreditNotesList } from '../credit-notes/IssuedCreditNotesList';
import { TrainerYearlyStatements } from '../credit-notes/TrainerYearlyStatements';
import { SelfBillingConsentCard } from '../credit-notes/SelfBillingConsentCard';
import { DocumentsPanel } from '../documents/DocumentsPanel';

type StudioTab = 'documents' | 'credit-notes' | 'credit-notes/preview';
const TABS: readonly StudioTab[] = ['documents', 'credit-notes', 'credit-notes/preview'];

/**
 * /:locale/trainer/studio/:studioGroupUuid/* (spec 2 "Studio page"): a connected studio group with the
 * tabs …/documents, …/credit-notes and …/credit-notes/preview (the group's credit-note previews).
 */
export function StudioGroupPage() {
  const { t } = useTranslation();
  // On a phone the tabs wrap onto several lines, where pills read better than underlined tabs.
  const phone = usePhone();
  const locale = useLocale();
  const navigate = useNavigate();
  const { studioGroupUuid, '*': rest } = useParams();
  const session = useSession();
  const group = session?.studioGroups.find((candidate) => candidate.uuid === studioGroupUuid);
  if (!group) return <NotFoundPage />;
  const tab: StudioTab = TABS.find((candidate) => candidate === rest?.replace(/\/$/, '')) ?? 'credit-notes';

  return (
    <>
      <StudioGroupHeader studioGroupUuid={group.uuid} name={group.name} />
      <SelfBillingConsentCard studioGroupUuid={group.uuid} company={group.name} />
      <Card p={0} data-testid="trainer-studio-group">
        <Tabs value={tab} onChange={(value) => value && void navigate(`/${locale}/trainer/studio/${group.uuid}/${value}`)} variant={phone ? 'pills' : 'default'}>
          <Tabs.List px="md" pt="xs">
            <Tabs.Tab value="documents" data-testid="studio-tab-documents">
              {t('trainerDocuments.tab')}
            </Tabs.Tab>
            <Tabs.Tab value="credit-notes" data-testid="studio-tab-credit-notes">
              {t('trainerPortal.studioTabs.creditNotes')}
            </Tabs.Tab>
            <Tabs.Tab value="credit-notes/preview" data-testid="studio-tab-credit-notes-preview">
              {t('trainerPortal.studioTabs.preview')}
            </Tabs.Tab>
          </Tabs.List>
          <Stack p="lg">
            {tab === 'documents' ? (
              <DocumentsPanel studioGroupUuid={group.uuid} />
            ) : tab === 'credit-notes/preview' ? (
              <CreditNotesPreviewList studioGroupUuid={group.uuid} withTitle={false} />
            ) : (
              <>
                <IssuedCreditNotesList studioGroupUuid={group.uuid} />
                <TrainerYearlyStatements studioGroupUuid={group.uuid} />
              </>
            )}
          </Stack>
        </Tabs>
      </Card>
    </>
  );
}
