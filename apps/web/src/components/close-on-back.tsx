import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Mounted while an overlay (dialog, drawer, menu) is open: browser Back closes it instead of leaving the
 * page (spec sections 4 and 9). The back navigation is cancelled and `onBack` runs; a persistent overlay
 * passes its own "finish here first" instead of closing. With overlays opened over one another, the router
 * asks the blocker mounted last, the top one: one Back closes one overlay.
 */
export function CloseOnBack({ onBack }: { onBack: () => void }) {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    onBack();
  }, [blocker, onBack]);
  return null;
}
