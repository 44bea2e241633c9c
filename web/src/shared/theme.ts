import { createTheme, darken, luminance, mergeThemeOverrides, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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
    // A loader says 'loading' to a screen reader: a label is allowed on a status, not on a bare span.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/** The inputs' clear buttons show an icon only: their name, in the page's language, comes from here. */
const CLEARABLE_INPUTS = ['Select', 'MultiSelect', 'Autocomplete', 'TagsInput', 'FileInput', 'DatePickerInput', 'MonthPickerInput'];

/** The theme with the names of the kit's icon-only buttons in the page's language. */
export function themeWithLabels({ clearInput }: { clearInput: string }) {
  const clearButtonProps = { 'aria-label': clearInput };
  return mergeThemeOverrides(theme, createTheme({ components: Object.fromEntries(CLEARABLE_INPUTS.map((name) => [name, { defaultProps: { clearButtonProps } }])) }));
}

/** WCAG 2.1 AA: 4.5:1 for text (badge labels and small texts included). */
const TEXT_CONTRAST = 4.5;

const contrastRatio = (first: string, second: string) => {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
};

/** The colour, darkened in small steps until text in it (or white text on it) reaches AA on the background. */
function readableOn(color: string, background: string) {
  let readable = color;
  for (let amount = 0.05; contrastRatio(readable, background) < TEXT_CONTRAST && amount < 1; amount += 0.05) readable = darken(color, amount);
  return readable;
}

/**
 * The UI kit's muted text (`c="dimmed"`, gray 6, #868e96) has 3.3:1 on white; this grey keeps the
 * muted look at 4.7:1 even on the light brand background of a selected row.
 */
export const DIMMED_TEXT = '#5a626b';

/**
 * The UI kit's colours as text, as filled backgrounds under white text, as outlines and as the light
 * variant's text (badges) reach 3:1 to 4:1 for green, orange, yellow, red and teal: each is darkened
 * only as far as AA needs, so the brand colour and the palette's look stay as they are.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const shade = typeof resolved.primaryShade === 'number' ? resolved.primaryShade : resolved.primaryShade.light;
  const light: Record<string, string> = { '--mantine-color-dimmed': DIMMED_TEXT };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    if (name === 'dark') continue;
    const filled = readableOn(shades[shade], '#ffffff');
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    // Text in a colour sits on white or on the grey page background (gray 1 at the darkest).
    light[`--mantine-color-${name}-text`] = readableOn(shades[shade], resolved.colors.gray[1]);
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1]);
  }
  return { variables: {}, light, dark: {} };
};
