import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

// The one hook the UI kit's scroll area takes from floating-ui (`useMergeRefs`), as the UI kit's own
// hooks have it: the build gives the scroll area this module for '@floating-ui/react' (web/vite.config.ts),
// so a screen with a scroll area does not load floating-ui (~20 KB gzip) for it.
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
