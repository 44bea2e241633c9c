import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

// `?open=` values by which the wizard's three-dot menu opens a modal on another screen (spec 2.2:
// the menu's items open the modals the spec names), read by the screen that holds the modal.

/** The send-preview step's modal ('send preview to trainers', step 2 of the menu). */
export const SEND_PREVIEW_MODAL = 'send-preview';

/** The preview check's modals (step 4 of the menu). */
export const PREVIEW_CHECK_MODALS = { approveAll: 'approve-all', sendAll: 'send-all', sendCreditNotes: 'send-credit-notes' } as const;

/**
 * Opens what `?open=` asks for once the screen is ready (its data loaded), then drops the parameter,
 * so a reload or the browser's back button does not open it again.
 */
export function useOpenRequest(ready: boolean, onOpen: (requested: string) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('open');
  useEffect(() => {
    if (!ready || !requested) return;
    onOpen(requested);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('open');
        return next;
      },
      { replace: true },
    );
  }, [ready, requested, onOpen, setSearchParams]);
}
