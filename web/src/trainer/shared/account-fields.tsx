import { Box, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { textField } from '../../shared/form-state';

// What the trainer's data forms share (profile tabs and the review screen's personal data): the
// required-field rule, the look of bank fields and the structured address.

/** IBAN and BIC in a monospace font, so the groups of four line up. */
export const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Required inputs show a red border while empty (spec 5), and the reason once the form was sent. */
export function requiredField<T extends Record<string, unknown>>(form: Parameters<typeof textField<T>>[0], field: keyof T & string) {
  const props = textField(form, field);
  return { ...props, required: true, error: props.error ?? (props.value.trim() === '' ? true : undefined) };
}

type AddressField = 'trainerStreet' | 'trainerHouse' | 'trainerZip' | 'trainerCity' | 'trainerLand';

/** Street and house number, postal code (5 digits), city and country, all required. */
export function AddressFields({ required }: { required: (name: AddressField) => ReturnType<typeof requiredField> }) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Box style={{ gridColumn: 'span 2' }}>
          <TextInput label={t('trainerAccount.fields.street')} autoComplete="address-line1" {...required('trainerStreet')} />
        </Box>
        <TextInput label={t('trainerAccount.fields.house')} {...required('trainerHouse')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={t('trainerAccount.fields.zip')} maxLength={5} inputMode="numeric" autoComplete="postal-code" {...required('trainerZip')} />
        <TextInput label={t('trainerAccount.fields.city')} autoComplete="address-level2" {...required('trainerCity')} />
        <TextInput label={t('trainerAccount.fields.country')} autoComplete="country" {...required('trainerLand')} />
      </SimpleGrid>
    </>
  );
}
