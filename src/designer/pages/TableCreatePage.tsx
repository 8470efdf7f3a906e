import { TableDesigner } from '../components/TableDesigner';

/** `metadata/tables/new`: the designer with the nine system columns. */
export const TableCreatePage = () => <TableDesigner />;
