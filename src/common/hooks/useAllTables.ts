import type { Table } from '../../../contract';
import { useAllMetadata } from './useAllMetadata';

/** Every table of the current data source with its columns (pickers, graph, import checks). */
export const useAllTables = () => useAllMetadata<Table>('tables');
