import { useCallback, useEffect } from 'react';
import { type BlockerFunction, useBlocker, useNavigation } from 'react-router';

/**
 * While `changed`, asks before leaving: in-app links through a blocker the caller shows as
 * `UnsavedChangesDialog`, reloads and tab closes through the browser's own prompt. A form
 * submission (a save that redirects) is never blocked.
 */
export function useLeaveGuard(changed: boolean) {
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && !!navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET';
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) => changed && !saving && currentLocation.pathname !== nextLocation.pathname,
      [changed, saving],
    ),
  );

  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  return blocker;
}
