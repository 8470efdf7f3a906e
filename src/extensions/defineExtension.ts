import type { ComponentType, ReactNode } from 'react';
import type { Column, DataType } from '../../contract';
import type { FieldInputProps } from '../fields/types';

/** A page of an extension: a route path under the app (`/dataSource/:dataSource/ext/...`) and its component. */
export interface ExtensionRoute {
  /** Absolute path inside the app, e.g. `/dataSource/:dataSource/ext/activity`; `:dataSource` is the current data source. */
  path: string;
  component: ComponentType;
  /**
   * The permission code needed to open it (a loose route; a resource's pages take its
   * `meta.permission`): without it the page is not rendered, the no-access page is.
   */
  permission?: string;
}

/** Where a resource appears in the side menu and what it needs. */
export interface ExtensionResourceMeta {
  /** i18n key of the caption (from the extension's `locales`), e.g. `ext.activity.menu`. */
  labelKey: string;
  /** The menu icon. */
  icon?: ReactNode;
  /**
   * The menu group: a built-in one (`business`, `systemBusiness`, `metadata`, `system`) or a group
   * declared in an extension's `menu`; none = top level, after 首页 / Home.
   */
  parent?: string;
  /** Order inside the group (smaller first; default 100). */
  order?: number;
  /** The permission code needed to see and open it (none: every signed-in user). */
  permission?: string;
  /** Not shown in the menu (a page reached from elsewhere). */
  hide?: boolean;
}

/** A Refine resource of an extension: its pages and how it shows in the menu. */
export interface ExtensionResource {
  /** Unique among resources; used by Refine's hooks (`useCan`, breadcrumbs). */
  name: string;
  list?: ExtensionRoute;
  create?: ExtensionRoute;
  edit?: ExtensionRoute;
  show?: ExtensionRoute;
  meta: ExtensionResourceMeta;
}

/**
 * Pages replacing the generic business pages of one table (each optional): its list, and its
 * record form for a new record and an existing one (the form is also where a record is read:
 * there is no separate show page). A list made of the generic list's pieces (`BusinessListProvider`,
 * `BusinessListView` and its parts) keeps the other extensions' list slots unless it passes
 * `slots={false}` (docs/extending.md).
 */
export interface TablePages {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
}

/** A menu group an extension adds (resources name it as `meta.parent`). */
export interface ExtensionMenuGroup {
  key: string;
  labelKey: string;
  icon?: ReactNode;
  order?: number;
}

/** An extension permission code (`ext:<name>:<verb>`), offered in the role editor. */
export interface ExtensionPermission {
  code: string;
  label: { 'zh-CN': string; 'en-US': string };
}

/** A form input for columns, chosen per column in the table designer (Directus "interface"). */
export interface FieldInterface {
  /** Unique id, stored in the column's extension properties (`interface`). */
  id: string;
  label: { 'zh-CN': string; 'en-US': string };
  /** Data types it can edit. */
  types: readonly DataType[];
  Input: ComponentType<FieldInputProps>;
  /** A record value as the input holds it (default: the data type's). */
  toForm?: (column: Pick<Column, 'dataType'>, value: unknown) => unknown;
  /** The input's value as the server takes it (default: the data type's). */
  toWire?: (column: Pick<Column, 'dataType'>, value: unknown) => unknown;
}

/** How a column's values show in list cells, chosen per column (Directus "display"). */
export interface FieldDisplay {
  id: string;
  label: { 'zh-CN': string; 'en-US': string };
  types: readonly DataType[];
  /** The cell for one value of a record. */
  render: (value: unknown, record: Record<string, unknown>, column: Column) => ReactNode;
}

/**
 * Extra pieces the generic business list shows, on every table (a slot answers `null` for the
 * tables it does not serve). They render on every list and in every row, and in the core's unit
 * tests: keep them cheap (no request per row; read the table the page loaded, docs/extending.md).
 */
export interface ListSlots {
  /** Buttons beside 新增 / Add; they get the table name and the data source. */
  extraActions?: ComponentType<{ tableName: string; dataSource: string }>;
  /**
   * Buttons in each record's action cell; `recordKey` is the record's key as the API writes it in
   * URLs (none when the table has no key), `recycle` whether the list shows the recycle bin.
   */
  rowActions?: ComponentType<{
    tableName: string;
    dataSource: string;
    record: Record<string, unknown>;
    recordKey?: string;
    recycle?: boolean;
  }>;
  /**
   * Buttons beside the batch actions (批量删除 / Delete selected) while records are selected: they
   * get the selected records' keys, as the API writes them in URLs.
   */
  bulkActions?: ComponentType<{
    tableName: string;
    dataSource: string;
    keys: readonly string[];
    recycle: boolean;
  }>;
}

/** Extra pieces the generic business form shows. */
export interface FormSlots {
  beforeFields?: ComponentType<{ tableName: string; dataSource: string; recordId?: string }>;
  afterFields?: ComponentType<{ tableName: string; dataSource: string; recordId?: string }>;
}

/** Everything one extension adds to the web app. */
export interface CrudboardExtension {
  /** Lower-case letters, digits and dashes; its i18n keys live under `ext.<name>.`. */
  name: string;
  resources?: readonly ExtensionResource[];
  /** Pages not tied to a resource (reached by links or slots). */
  routes?: readonly ExtensionRoute[];
  /**
   * Pages replacing the generic ones for a table, by table name (`orders`) or data source and
   * table (`primary/orders`, which wins). The table's import / export pages stay.
   */
  pages?: Readonly<Record<string, TablePages>>;
  /** Slots of the generic list and form (for every table). */
  slots?: { list?: ListSlots; form?: FormSlots };
  /** Field inputs (interfaces) and list cells (displays), chosen per column. */
  fields?: readonly FieldInterface[];
  displays?: readonly FieldDisplay[];
  /** Texts in both languages, merged under `ext.<name>` (write `{ menu: '活动' }`, use `ext.<name>.menu`). */
  locales?: { 'zh-CN': Record<string, unknown>; 'en-US': Record<string, unknown> };
  /** The extension's own permission codes (`ext:<name>:<verb>`). */
  permissions?: readonly ExtensionPermission[];
  /** Menu groups it adds. */
  menu?: readonly ExtensionMenuGroup[];
}

const NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** Types an extension and checks what can be checked early (a bad definition fails at load, naming it). */
export const defineExtension = <T extends CrudboardExtension>(extension: T): T => {
  if (!NAME.test(extension.name)) {
    throw new Error(`extension name "${extension.name}": use lower-case letters, digits and dashes`);
  }
  for (const permission of extension.permissions ?? []) {
    if (!permission.code.startsWith(`ext:${extension.name}:`)) {
      throw new Error(
        `extension "${extension.name}": permission ${permission.code} must start with ext:${extension.name}:`,
      );
    }
  }
  return extension;
};
