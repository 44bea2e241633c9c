import { Alert, Box, Center, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStudioGroupRef } from '../../../../contracts/auth.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert } from '../../shared/components/icons';
import { useTrainerPreview } from './api';
import classes from './TrainerPreview.module.css';

// The preview call answers an HTML table (spec 7). The server escapes every value; the screen still
// keeps only table markup, so a bug there can never run script or load anything in the admin's page.
const ALLOWED_TAGS = new Set(['TABLE', 'CAPTION', 'COLGROUP', 'COL', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TH', 'TD', 'SPAN', 'STRONG', 'B', 'EM', 'I', 'SMALL', 'BR', 'DIV', 'P']);
const ALLOWED_ATTRIBUTES = new Set(['class', 'colspan', 'rowspan', 'scope', 'title']);

function sanitizeTableHtml(html: string): string {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (element: Element) => {
    for (const child of [...element.children]) {
      if (!ALLOWED_TAGS.has(child.tagName)) {
        child.remove();
        continue;
      }
      for (const attribute of [...child.attributes]) {
        if (!ALLOWED_ATTRIBUTES.has(attribute.name) && !attribute.name.startsWith('data-')) child.removeAttribute(attribute.name);
      }
      clean(child);
    }
  };
  clean(document.body);
  return document.body.innerHTML;
}

/** One trainer's preview table for the month: classes and admin positions with net, VAT and gross. */
export function TrainerPreview({ group, settlementUuid, month, trainerUuid }: { group: TStudioGroupRef; settlementUuid: string; month: string; trainerUuid: string }) {
  const { t } = useTranslation();
  const preview = useTrainerPreview({ group, uuid: settlementUuid, month, trainerUuid });
  const html = useMemo(() => (preview.data ? sanitizeTableHtml(preview.data.html) : ''), [preview.data]);

  if (preview.isPending) {
    return (
      <Center mih={160}>
        <Loader type="dots" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (preview.isError) {
    return (
      <Alert color="red" icon={<IconAlert />} data-testid="trainer-preview-error">
        {t('settlement.prepare.previewError', { message: errorMessage(preview.error) })}
      </Alert>
    );
  }
  if (!html.trim()) return <Text c="dimmed">{t('settlement.prepare.previewEmpty')}</Text>;
  return (
    <Box
      data-testid="trainer-preview"
      data-trainer-uuid={trainerUuid}
      className={classes.preview}
      // sanitised above: table markup only
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
