import { ResourceContext, useCanWithoutCache } from '@refinedev/core';
import { useContext, useEffect, useMemo, useState } from 'react';
import { extensionMenuEntries, type ExtensionMenuEntry } from './extension-menu';

/**
 * The extension entries of the side menu, from Refine's resources, keeping those the
 * access-control provider allows (`list`); an entry shows once its check has answered yes.
 */
export const useExtensionMenu = (dataSource: string): ExtensionMenuEntry[] => {
  const { resources } = useContext(ResourceContext);
  const { can } = useCanWithoutCache();
  const entries = useMemo(() => extensionMenuEntries(resources, dataSource), [resources, dataSource]);
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let current = true;
    void Promise.all(
      entries.map(async (entry) => {
        const resource = resources.find((candidate) => candidate.name === entry.name);
        const answer = can
          ? await can({ resource: entry.name, action: 'list', params: { resource } })
          : { can: true };
        return answer.can ? [entry.name] : [];
      }),
    ).then((names) => {
      if (current) setAllowed(new Set(names.flat()));
    });
    return () => {
      current = false;
    };
  }, [entries, resources, can]);
  return useMemo(() => entries.filter((entry) => allowed.has(entry.name)), [entries, allowed]);
};
