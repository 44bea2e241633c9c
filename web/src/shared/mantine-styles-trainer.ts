// The UI kit's CSS of the components the trainer portal's first screen (frame and profile) shows
// beyond the entry's (mantine-styles.ts), in Mantine's order: the trainer portal's frame imports
// these; its other pages, the profile's other tabs and the floating elements import
// mantine-styles-app.ts (the rest) when they load.
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
