import { useCan } from '@refinedev/core';
import type { ReactNode } from 'react';
import { PageSpin } from './PageSpin';
import { StatusResult } from './StatusResult';

/** A screen's resource as the access-control provider is asked about it. */
export interface GuardedResource {
  name: string;
  kind: 'metadata' | 'sql' | 'audit' | 'business' | 'extension';
  action: 'list' | 'create' | 'show';
  /** More of the resource's meta: a table's `tableName` and `dataSource`, an extension's `permission`. */
  meta?: Record<string, unknown>;
}

/**
 * Renders a routed screen only for who may use it (as the access-control provider answers for
 * its resource); anyone else who opens its link gets the no-access page inside the frame, not the
 * screen with a refusal over an empty list. A spinner while the answer is on its way.
 */
export const RequireAccess = ({ resource, children }: { resource: GuardedResource; children: ReactNode }) => {
  const { data } = useCan({
    resource: resource.name,
    action: resource.action,
    params: { resource: { name: resource.name, meta: { ...resource.meta, kind: resource.kind } } },
  });
  if (data === undefined) return <PageSpin />;
  return data.can ? children : <StatusResult status="403" style={{ paddingTop: 64 }} />;
};
