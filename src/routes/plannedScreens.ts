/** A screen of docs/product.md §2 that a later version builds; until then it shows the coming-soon page. */
export interface PlannedScreen {
  /** Route path, relative to the app's base. */
  path: string;
  titleKey: string;
  /** Breadcrumb above the title: i18n keys, with a route template to link to. */
  trail: { titleKey: string; to?: string }[];
}

export const plannedScreens: PlannedScreen[] = [];
