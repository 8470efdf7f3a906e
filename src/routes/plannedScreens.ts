/** A screen of SPEC §2 that a later version builds; until then it shows the coming-soon page. */
export interface PlannedScreen {
  /** Route path, relative to the app's base. */
  path: string;
  titleKey: string;
  /** Breadcrumb above the title: i18n keys, with a route template to link to. */
  trail: { titleKey: string; to?: string }[];
}

const M = 'dataSource/:dataSource/metadata';

const metadata = { titleKey: 'menu.metadata' };
const tables = { titleKey: 'screens.tables', to: `/${M}/tables` };
const table = { titleKey: 'screens.tableEdit', to: `/${M}/tables/:id` };

export const plannedScreens: PlannedScreen[] = [
  {
    path: `${M}/tables/:id/formBuilder`,
    titleKey: 'screens.tableFormBuilder',
    trail: [metadata, tables, table],
  },
  {
    path: `${M}/tables/:id/tablePermission`,
    titleKey: 'screens.tablePermission',
    trail: [metadata, tables, table],
  },
];
