import { useContext, useEffect, useState } from 'react';
import { type Blocker, type BlockerFunction, UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext } from 'react-router';

const IDLE: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };
let nextKey = 0;

/**
 * React Router's useBlocker, written against the router it exposes. Why not import useBlocker:
 * every react-router hook the app uses is bundled into the chunk that public pages load too,
 * and useBlocker alone would push them past their 120 KB script budget. This copy lives in
 * the admin's own chunks. (Same logic as react-router 7.18's useBlocker, basename "/".)
 */
export function useRouterBlocker(shouldBlock: BlockerFunction): Blocker {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const [key, setKey] = useState('');

  useEffect(() => {
    if (!router) return;
    const created = `admin-${++nextKey}`;
    setKey(created);
    return () => router.deleteBlocker(created);
  }, [router]);

  useEffect(() => {
    if (router && key) router.getBlocker(key, shouldBlock);
  }, [router, key, shouldBlock]);

  return (key && state?.blockers.get(key)) || IDLE;
}
