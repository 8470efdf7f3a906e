import { useTranslation } from 'react-i18next';
import type { Table } from '../../../contract';
import type { Crumb } from '../../common/components/PageContainer';
import { useCaption } from '../../common/hooks/useCaption';
import { appPaths } from '../../common/lib/menu';
import { useRegisteredTables } from '../../resources/useRegisteredTables';
import { useCurrentDataSource } from '../../store/useCurrentDataSource';
import { sameName } from './useBusinessTable';

/**
 * The heading and trail of a table's screens (its list, its forms, its import): the table's
 * caption in the UI language, and the menu group it sits in (内置数据 for crudboard's own tables,
 * else 业务数据). Known at once when the menu has listed the user's tables, else once the metadata
 * is loaded; `caption` is undefined until then, so that the raw name never shows first.
 */
export const useTableHeading = (tableName: string, loaded?: Table) => {
  const { t } = useTranslation();
  const captionOf = useCaption();
  const { dataSource } = useCurrentDataSource();
  const registered = useRegisteredTables();
  const table =
    loaded ??
    (registered.dataSource === dataSource
      ? registered.tables.find((one) => sameName(one, tableName))
      : undefined);
  const caption = table ? captionOf(table) : undefined;
  const group: Crumb = { title: t(table?.systemable ? 'menu.systemBusiness' : 'menu.business') };
  return {
    table,
    caption,
    /** The trail of the list: its menu group. */
    listTrail: [group],
    /** The trail of a screen under the list: the group, then the list. */
    recordTrail: [group, { title: caption ?? '', path: appPaths(dataSource).business(tableName) }],
  };
};
