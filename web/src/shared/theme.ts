import { createTheme, type MantineColorsTuple } from '@mantine/core';

// TrainerPay indigo: the logo's colour, used as the primary colour throughout.
const brand: MantineColorsTuple = [
  '#eef0ff',
  '#dcdfff',
  '#b6bbfb',
  '#8d95f6',
  '#6b73f1',
  '#5560ef',
  '#4955ee',
  '#3b46d4',
  '#333ebe',
  '#2735a8',
];

const fontStack =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg', shadow: 'xs' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    Badge: { defaultProps: { radius: 'sm', variant: 'light' } },
    Alert: { defaultProps: { radius: 'md' } },
  },
});
