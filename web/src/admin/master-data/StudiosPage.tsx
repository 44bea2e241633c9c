import { Alert, Anchor, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZUpdateStudioRequest, type TStudio } from '../../../../contracts/studio.contract';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck, IconInfo } from '../../shared/components/icons';
import { GridLoadState } from './GridLoadState';
import { PageHeader } from '../../shared/components/PageHeader';
import { gridTheme } from '../../shared/grid';
import { useCurrentStudioGroup } from '../shared/current-studio-group';
import { MONOSPACE_INPUT } from './FormSection';
import { fieldErrorOfServer, fieldErrorsOf, textField, useFormState } from '../../shared/forms';
import { useStudios, useUpdateStudio } from './api';

function EditCell() {
  const { t } = useTranslation();
  // The row click opens the form; this link only makes that visible.
  return (
    <Anchor component="button" type="button" size="sm" tabIndex={-1}>
      {t('masterData.common.edit')}
    </Anchor>
  );
}

function SourceIdCell({ value }: CustomCellRendererProps<TStudio, string>) {
  return (
    <Text span ff="monospace" size="sm">
      {value}
    </Text>
  );
}

/** /:locale/admin/studios: the group's studios (locations); name and city are editable, the booking system id is not. */
export function StudiosPage() {
  const { t, i18n } = useTranslation();
  const { current } = useCurrentStudioGroup();
  const studios = useStudios(current!.uuid);
  const [editing, setEditing] = useState<TStudio | null>(null);

  const columnDefs = useMemo<ColDef<TStudio>[]>(
    () => [
      { colId: 'name', field: 'name', headerName: t('masterData.studios.columns.name'), flex: 1.5, minWidth: 200, sort: 'asc' },
      { colId: 'city', field: 'city', headerName: t('masterData.studios.columns.city'), flex: 1, minWidth: 140 },
      { colId: 'sourceId', field: 'sourceId', headerName: t('masterData.studios.columns.sourceId'), cellRenderer: SourceIdCell, flex: 1, minWidth: 170 },
      { colId: 'classes', field: 'classCount', headerName: t('masterData.studios.columns.classes'), type: 'numericColumn', width: 130 },
      { colId: 'trainers', field: 'trainerCount', headerName: t('masterData.studios.columns.trainers'), type: 'numericColumn', width: 130 },
      { colId: 'action', headerName: '', cellRenderer: EditCell, sortable: false, width: 110 },
    ],
    // the language is listed on purpose: headers follow a language switch
    [t, i18n.language],
  );

  return (
    <>
      <PageHeader title={t('masterData.studios.title')} description={t('masterData.studios.description')} />
      <Card p={0} style={{ overflow: 'hidden' }}>
        <GridLoadState query={studios} loadingHeight={300} />
        {studios.data && (
          <div data-testid="studios-grid">
            <AgGridReact<TStudio>
              key={i18n.language}
              theme={gridTheme}
              rowData={studios.data}
              columnDefs={columnDefs}
              defaultColDef={{ sortable: true, resizable: true }}
              getRowId={({ data }) => data.uuid}
              domLayout="autoHeight"
              onRowClicked={({ data }) => data && setEditing(data)}
              rowStyle={{ cursor: 'pointer' }}
              localeText={{ noRowsToShow: t('masterData.studios.empty') }}
            />
          </div>
        )}
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('masterData.studios.editTitle')} size="lg" centered>
        {editing && <StudioForm key={editing.uuid} studio={editing} studioGroupUuid={current!.uuid} onDone={() => setEditing(null)} />}
      </Modal>
    </>
  );
}

function StudioForm({ studio, studioGroupUuid, onDone }: { studio: TStudio; studioGroupUuid: string; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateStudio(studioGroupUuid);
  const form = useFormState({ name: studio.name, city: studio.city ?? '' });
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZUpdateStudioRequest.safeParse(form.values);
    if (!parsed.success) {
      form.setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setProblem(null);
    update.mutate(
      { uuid: studio.uuid, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message, icon: <IconCheck size={16} /> });
          onDone();
        },
        onError: (error) => {
          form.setErrors(fieldErrorOfServer(error));
          setProblem(errorMessage(error));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="studio-form">
      <Stack gap="md">
        {problem && (
          <Alert color="red" icon={<IconAlert />} title={t('masterData.common.notSaved')} role="alert">
            {problem}
          </Alert>
        )}
        <TextInput label={t('masterData.studios.name')} required data-autofocus {...textField(form, 'name')} />
        <TextInput label={t('masterData.studios.city')} {...textField(form, 'city')} />
        <TextInput
          label={t('masterData.studios.sourceId')}
          description={t('masterData.studios.sourceIdHint')}
          value={studio.sourceId}
          readOnly
          variant="filled"
          styles={MONOSPACE_INPUT}
          data-testid="field-sourceId"
        />
        <Alert color="blue" variant="light" icon={<IconInfo />}>
          {t('masterData.studios.importNote')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('masterData.common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} data-testid="studio-save">
            {t('masterData.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
