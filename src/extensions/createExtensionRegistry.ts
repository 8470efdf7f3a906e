import type { ResourceProps } from '@refinedev/core';
import type { ComponentType } from 'react';
import type {
  CrudboardExtension,
  ExtensionMenuGroup,
  ExtensionPermission,
  ExtensionRoute,
  FieldDisplay,
  FieldInterface,
  FormSlots,
  ListSlots,
  TablePages,
} from './defineExtension';

export type TablePageAction = keyof TablePages;

/** What the core reads about the extensions: it never names one. */
export interface ExtensionRegistry {
  readonly extensions: readonly CrudboardExtension[];
  /** Refine resources (`meta.kind: 'extension'`). */
  readonly resources: readonly ResourceProps[];
  /** Every page route of the extensions (resources' and loose ones). */
  readonly routes: readonly ExtensionRoute[];
  readonly menuGroups: readonly ExtensionMenuGroup[];
  readonly permissions: readonly ExtensionPermission[];
  readonly listSlots: readonly ListSlots[];
  readonly formSlots: readonly FormSlots[];
  readonly interfaces: ReadonlyMap<string, FieldInterface>;
  readonly displays: ReadonlyMap<string, FieldDisplay>;
  /** Texts of one locale, as `{ ext: { <name>: {...} } }`. */
  locale(locale: 'zh-CN' | 'en-US'): Record<string, unknown>;
  /** The page replacing a generic business page of a table, if an extension gives one. */
  tablePage(dataSource: string, table: string, action: TablePageAction): ComponentType | undefined;
}

const ACTIONS = ['list', 'create', 'edit', 'show'] as const;

const unique = <T>(items: readonly T[], keyOf: (item: T) => string, what: string): Map<string, T> => {
  const map = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    if (map.has(key)) throw new Error(`two extensions define the ${what} "${key}"`);
    map.set(key, item);
  }
  return map;
};

/** Collects extensions; refuses repeated names, resources, routes, permission codes and field ids. */
export const createExtensionRegistry = (extensions: readonly CrudboardExtension[]): ExtensionRegistry => {
  unique(extensions, (extension) => extension.name, 'extension name');
  const all = <T>(pick: (extension: CrudboardExtension) => readonly T[] | undefined) =>
    extensions.flatMap((extension) => [...(pick(extension) ?? [])]);

  const resourceDefs = all((extension) => extension.resources);
  unique(resourceDefs, (resource) => resource.name, 'resource');
  const resources: ResourceProps[] = resourceDefs.map((resource) => ({
    name: resource.name,
    identifier: `ext.${resource.name}`,
    ...Object.fromEntries(
      ACTIONS.flatMap((action) => (resource[action] ? [[action, resource[action].path]] : [])),
    ),
    meta: { kind: 'extension', ...resource.meta },
  }));
  const routes = [
    ...resourceDefs.flatMap((resource) =>
      ACTIONS.flatMap((action) => {
        const route = resource[action];
        if (!route) return [];
        const permission = route.permission ?? resource.meta.permission;
        return [permission === undefined ? route : { ...route, permission }];
      }),
    ),
    ...all((extension) => extension.routes),
  ];
  unique(routes, (route) => route.path, 'route');

  const pages = new Map<string, TablePages>();
  for (const extension of extensions) {
    for (const [key, value] of Object.entries(extension.pages ?? {})) {
      if (pages.has(key)) throw new Error(`two extensions define pages for "${key}"`);
      pages.set(key, value);
    }
  }

  const permissions = all((extension) => extension.permissions);
  unique(permissions, (permission) => permission.code, 'permission');

  return {
    extensions,
    resources,
    routes,
    menuGroups: all((extension) => extension.menu),
    permissions,
    listSlots: extensions.flatMap((extension) => (extension.slots?.list ? [extension.slots.list] : [])),
    formSlots: extensions.flatMap((extension) => (extension.slots?.form ? [extension.slots.form] : [])),
    interfaces: unique(
      all((extension) => extension.fields),
      (field) => field.id,
      'field interface',
    ),
    displays: unique(
      all((extension) => extension.displays),
      (display) => display.id,
      'display',
    ),
    locale: (locale) => ({
      ext: Object.fromEntries(
        extensions.flatMap((extension) =>
          extension.locales ? [[extension.name, extension.locales[locale]]] : [],
        ),
      ),
    }),
    tablePage: (dataSource, table, action) =>
      (pages.get(`${dataSource}/${table}`) ?? pages.get(table))?.[action],
  };
};

/** The extension of each module found by the build (`export default defineExtension(...)`). */
export const extensionsOf = (modules: Record<string, unknown>): CrudboardExtension[] =>
  Object.entries(modules)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, module]) => {
      const extension = (module as { default?: CrudboardExtension }).default;
      if (!extension || typeof extension.name !== 'string') {
        throw new Error(`${path} must export default defineExtension({...})`);
      }
      return extension;
    });
