import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** Spec section 4, sidebar: expanded or collapsed; remembered in this browser. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(
    () => readStorage(STORAGE_KEYS.sidebarCollapsed) === 'true',
  );
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous;
      writeStorage(STORAGE_KEYS.sidebarCollapsed, String(next));
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
