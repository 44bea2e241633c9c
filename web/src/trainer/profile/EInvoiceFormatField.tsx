import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { E_INVOICE_FORMATS, type EInvoiceFormat } from '../../../../domain/e-invoice/format';

// The tax tab's choice of what the credit-note e-mail carries: the PDF, the hybrid PDF
// with the e-invoice inside (ZUGFeRD/Factur-X), or the XRechnung for an accounting system.

type Form = {
  values: { eInvoiceFormat: EInvoiceFormat };
  setField: (field: 'eInvoiceFormat', value: EInvoiceFormat) => void;
  errors: Record<string, string>;
};

export function EInvoiceFormatField({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('eInvoiceProfile.label')}
      description={t('eInvoiceProfile.description')}
      value={form.values.eInvoiceFormat}
      onChange={(value) => form.setField('eInvoiceFormat', value as EInvoiceFormat)}
      error={form.errors.eInvoiceFormat}
      name="eInvoiceFormat"
      data-testid="field-eInvoiceFormat"
    >
      <Stack gap="xs" mt="xs">
        {E_INVOICE_FORMATS.map((format) => (
          <Radio key={format} value={format} label={t(`eInvoiceProfile.formats.${format}`)} description={t(`eInvoiceProfile.hints.${format}`)} data-testid={`e-invoice-format-${format}`} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
