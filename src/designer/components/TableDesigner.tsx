import type { Table } from '../../../contract';
import { useTableDesigner } from '../hooks/useTableDesigner';
import { TableDesignerView } from './TableDesignerView';

export interface TableDesignerProps {
  /** The stored table to edit; absent for a new table. */
  table?: Table;
}

/**
 * 添加表 / 编辑表: the designer's controller (`useTableDesigner`: draft, checks, save through Refine)
 * shown by its view (`TableDesignerView`).
 */
export const TableDesigner = ({ table }: TableDesignerProps) => {
  const designer = useTableDesigner(table);
  return <TableDesignerView designer={designer} />;
};
