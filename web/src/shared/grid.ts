import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community';

// Registered once for the whole app; pages import the theme from here so every grid looks the same.
ModuleRegistry.registerModules([AllCommunityModule]);

export const gridTheme = themeQuartz.withParams({
  accentColor: '#3b46d4',
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontWeight: 600,
  headerBackgroundColor: '#f8f9fa',
  borderColor: '#e9ecef',
  wrapperBorder: false, // the surrounding card draws the frame
  rowHoverColor: '#eef0ff',
  selectedRowBackgroundColor: '#dcdfff',
});
