import { createContext } from 'react';

/**
 * The route that shows the current page, as its path pattern (router.tsx): the same for another
 * address of the same page (other parameters), different for another page.
 */
export const PageRouteContext = createContext('');
