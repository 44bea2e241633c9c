// The UI kit's floating elements (tooltips, popovers, menus) and floating-ui under them (~30 KB
// gzip): one chunk that LazyTooltip and the lazy menus load when the pointer or the keyboard first
// reaches them, so a first screen does without it.
import '../mantine-styles-app'; // the UI kit's CSS beyond the trainer portal's first screen

export { Menu, Popover, Tooltip } from '@mantine/core';
