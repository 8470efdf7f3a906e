import { PaginationBar } from '../../common/components/PaginationBar';
import { useBusinessListContext } from '../hooks/useBusinessListContext';
import { CountScanNote } from './CountScanNote';

/** Under a business list: its pages and total (with 精确计数 when the total is a bound). */
export const BusinessListPager = () => {
  const { list, table } = useBusinessListContext();
  return (
    <PaginationBar
      page={list.page}
      rowsPerPage={list.rowsPerPage}
      count={list.count}
      countExact={list.countExact}
      countingExactly={list.countingExactly}
      onCountExactly={list.countExactly}
      totalNote={<CountScanNote tableId={table.id} builtIn={Boolean(table.systemable)} />}
      onChange={list.changePage}
    />
  );
};
