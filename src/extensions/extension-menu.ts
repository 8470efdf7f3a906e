import type { ReactNode } from 'react';

/** A side-menu entry of an extension resource. */
export interface ExtensionMenuEntry {
  /** The resource name (for access checks). */
  name: string;
  /** The link (also the menu key). */
  path: string;
  labelKey: string;
  icon?: ReactNode;
  /** A menu group key, or undefined for the top level. */
  parent?: string;
  order: number;
}

interface ResourceLike {
  name: string;
  list?: unknown;
  meta?: Record<string, unknown>;
}

const DEFAULT_ORDER = 100;

/**
 * The menu entries of the extension resources that have a list page and are not hidden, ordered by
 * `meta.order` then name; `:dataSource` in their paths becomes the current data source.
 */
export const extensionMenuEntries = (
  resources: readonly ResourceLike[],
  dataSource: string,
): ExtensionMenuEntry[] =>
  resources
    .flatMap((resource): ExtensionMenuEntry[] => {
      const meta = resource.meta ?? {};
      if (meta.kind !== 'extension' || meta.hide === true || typeof resource.list !== 'string') return [];
      return [
        {
          name: resource.name,
          path: resource.list.replace(':dataSource', encodeURIComponent(dataSource)),
          labelKey: typeof meta.labelKey === 'string' ? meta.labelKey : resource.name,
          ...(meta.icon === undefined ? {} : { icon: meta.icon as ReactNode }),
          ...(typeof meta.parent === 'string' ? { parent: meta.parent } : {}),
          order: typeof meta.order === 'number' ? meta.order : DEFAULT_ORDER,
        },
      ];
    })
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
