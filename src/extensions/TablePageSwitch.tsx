import { createElement, type ComponentType } from 'react';
import { RequireAccess } from '../common/components/RequireAccess';
import { useParams } from 'react-router';
import type { TablePageAction } from './createExtensionRegistry';
import { extensionRegistry } from './registry';

export interface TablePageSwitchProps {
  /** The page of the route; `form` is create for `/new`, else edit. */
  action: 'list' | 'form';
  /** The generic page, shown when no extension replaces it for this table. */
  generic: ComponentType;
}

/**
 * Picks a business page by table name, not by route order: an extension's page for this table
 * (and data source) when one is registered, else the generic page. Import and export routes are
 * not routed here, so they stay the table's own. An extension's page opens only for who may read
 * the table (create: create it), as the access-control provider answers; anyone else gets the
 * no-access page, as the generic pages refuse them.
 */
export const TablePageSwitch = ({ action, generic: Generic }: TablePageSwitchProps) => {
  const { dataSource = '', tableName = '', recId } = useParams();
  const kind: TablePageAction = action === 'list' ? 'list' : recId === undefined ? 'create' : 'edit';
  const Page = extensionRegistry.tablePage(dataSource, tableName, kind);
  // the registry's pages are fixed at build time: looking one up is not creating a component
  if (!Page) return <Generic />;
  return (
    <RequireAccess
      resource={{
        name: tableName,
        kind: 'business',
        action: kind === 'list' ? 'list' : kind === 'create' ? 'create' : 'show',
        meta: { tableName, dataSource },
      }}
    >
      {createElement(Page, { key: `${dataSource}/${tableName}` })}
    </RequireAccess>
  );
};
