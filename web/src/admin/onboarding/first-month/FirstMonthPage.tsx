import { Alert, Anchor, Badge, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FIRST_MONTH_ITEMS, type TFirstMonthChecklist, type TFirstMonthItemKey, type TFirstMonthItemState } from '../../../../../contracts/first-month.contract';
import { IconAlert, IconCheck } from '../../../shared/components/icons';
import { PageHeader } from '../../../shared/components/PageHeader';
import { formatMonth } from '../../../shared/format';
import { useLocale } from '../../../shared/hooks/use-locale';
import { useCurrentStudioGroup } from '../../shared/current-studio-group';
import { useFirstMonthChecklist } from './api';
import { BulkInvitationCard } from './BulkInvitationCard';
import { TrainerCsvCard } from './TrainerCsvCard';

const STATE_COLOUR: Record<TFirstMonthItemState, string> = { done: 'green', open: 'gray', attention: 'orange' };

type Items = TFirstMonthChecklist['items'];

/** One item's title, its numbers in a sentence and the link to the screen that completes it. */
function useItemTexts() {
  const { t } = useTranslation();
  const locale = useLocale();
  const month = (value: string | null) => (value ? formatMonth(value, locale) : '');
  const fields = (names: readonly string[]) => names.map((name) => t(`firstMonth.fields.${name}` as 'firstMonth.fields.iban')).join(', ');
  return (key: TFirstMonthItemKey, items: Items): { title: string; detail: string; link: string } => {
    switch (key) {
      case 'companyData': {
        const item = items.companyData;
        const parts = [item.missing.length > 0 ? t('firstMonth.items.companyData.missing', { fields: fields(item.missing) }) : '', item.invalid.length > 0 ? t('firstMonth.items.companyData.invalid', { fields: fields(item.invalid) }) : ''];
        return { title: t('firstMonth.items.companyData.title'), detail: item.state === 'done' ? t('firstMonth.items.companyData.done') : parts.filter(Boolean).join(' · '), link: t('firstMonth.items.companyData.link') };
      }
      case 'sourceSystem':
        return { title: t('firstMonth.items.sourceSystem.title'), detail: t('firstMonth.items.sourceSystem.detail', { system: items.sourceSystem.sourceSystem.toUpperCase(), count: items.sourceSystem.studios }), link: t('firstMonth.items.sourceSystem.link') };
      case 'trainers':
        return { title: t('firstMonth.items.trainers.title'), detail: t('firstMonth.items.trainers.detail', { count: items.trainers.trainers, withEmail: items.trainers.withEmail }), link: t('firstMonth.items.trainers.link') };
      case 'classes':
        return { title: t('firstMonth.items.classes.title', { month: month(items.classes.month) }), detail: t('firstMonth.items.classes.detail', { count: items.classes.classes }), link: t('firstMonth.items.classes.link') };
      case 'payRules': {
        const item = items.payRules;
        return {
          title: t('firstMonth.items.payRules.title', { month: month(item.month) }),
          detail: t('firstMonth.items.payRules.detail', { rules: item.rules, withoutRule: item.classesWithoutRule, incomplete: item.trainersWithIncompleteData }),
          link: item.rules === 0 ? t('firstMonth.items.payRules.linkRules') : t('firstMonth.items.payRules.linkCheck'),
        };
      }
      case 'invitations': {
        const item = items.invitations;
        return { title: t('firstMonth.items.invitations.title'), detail: t('firstMonth.items.invitations.detail', { invited: item.invited, accepted: item.accepted, notInvited: item.notInvitedWithEmail }), link: t('firstMonth.items.invitations.link') };
      }
      case 'selfBillingConsent':
        return {
          title: t('firstMonth.items.selfBillingConsent.title'),
          detail: t('firstMonth.items.selfBillingConsent.detail', { withConsent: items.selfBillingConsent.withConsent, withoutConsent: items.selfBillingConsent.withoutConsent }),
          link: t('firstMonth.items.selfBillingConsent.link'),
        };
      case 'firstSettlement': {
        const item = items.firstSettlement;
        return {
          title: t('firstMonth.items.firstSettlement.title'),
          detail: t(`firstMonth.items.firstSettlement.${item.status}`, { month: month(item.settlementMonth), count: item.creditNotes }),
          link: t('firstMonth.items.firstSettlement.link'),
        };
      }
    }
  };
}

function ChecklistItem({ itemKey, items }: { itemKey: TFirstMonthItemKey; items: Items }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const texts = useItemTexts()(itemKey, items);
  const item = items[itemKey];
  const [path, anchor] = item.link.split('#');
  return (
    <Card withBorder padding="md" data-testid={`first-month-item-${itemKey}`} data-state={item.state} component="li">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <Badge color={STATE_COLOUR[item.state]} variant="light" miw={104} style={{ flexShrink: 0 }} leftSection={item.state === 'done' ? <IconCheck size={12} /> : item.state === 'attention' ? <IconAlert size={12} /> : undefined}>
            {t(`firstMonth.state.${item.state}`)}
          </Badge>
          <Stack gap={2}>
            <Title order={2} fz="md">
              {texts.title}
            </Title>
            <Text size="sm" c="dimmed" data-testid={`first-month-item-${itemKey}-detail`}>
              {texts.detail}
            </Text>
          </Stack>
        </Group>
        {anchor && path === 'admin/first-month' ? (
          <Anchor href={`#${anchor}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {texts.link}
          </Anchor>
        ) : (
          <Anchor component={Link} to={`/${locale}/${path}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {texts.link}
          </Anchor>
        )}
      </Group>
    </Card>
  );
}

/** /:locale/admin/first-month: the checklist of a new studio group, the trainer CSV upload and the bulk invitation. */
export function FirstMonthPage() {
  const { t } = useTranslation();
  const { current } = useCurrentStudioGroup();
  const checklist = useFirstMonthChecklist(current!.uuid);
  const done = checklist.data ? FIRST_MONTH_ITEMS.filter((key) => checklist.data.items[key].state === 'done').length : 0;

  return (
    <>
      <PageHeader title={t('firstMonth.title')} description={t('firstMonth.description')} />
      {checklist.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t('firstMonth.title')} />
        </Group>
      ) : checklist.isError ? (
        <Alert color="red" icon={<IconAlert />} role="alert" title={t('firstMonth.loadFailed')}>
          <Button variant="default" size="xs" onClick={() => void checklist.refetch()}>
            {t('firstMonth.reload')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="lg">
          <Stack gap={6}>
            <Text size="sm" fw={600} data-testid="first-month-progress">
              {checklist.data.complete ? t('firstMonth.complete') : t('firstMonth.progress', { done, total: FIRST_MONTH_ITEMS.length })}
            </Text>
            <Progress value={(done / FIRST_MONTH_ITEMS.length) * 100} color="green" aria-label={t('firstMonth.progress', { done, total: FIRST_MONTH_ITEMS.length })} />
          </Stack>
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="first-month-checklist">
            {FIRST_MONTH_ITEMS.map((key) => (
              <ChecklistItem key={key} itemKey={key} items={checklist.data.items} />
            ))}
          </Stack>
          <TrainerCsvCard studioGroupUuid={current!.uuid} />
          <BulkInvitationCard studioGroupUuid={current!.uuid} invitations={checklist.data.items.invitations} />
        </Stack>
      )}
    </>
  );
}
