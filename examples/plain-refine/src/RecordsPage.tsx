import { useTable } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useMyTables } from './TablesPage';
import { cellText } from './cell-text';
import { texts } from './texts';

/** One business table, ten records a page, through Refine's `useTable` and the client's data provider. */
export const RecordsPage = () => {
  const { table = '' } = useParams();
  const { tables } = useMyTables();
  const meta = tables.find((item) => item.name === table);
  const { result, tableQuery, currentPage, setCurrentPage, pageCount } = useTable({
    resource: table,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: 'id', order: 'asc' }] },
    syncWithLocation: false,
  });
  const rows = result.data;
  const columns =
    meta?.columns.map((column) => ({ name: column.name, caption: column.caption || column.name })) ??
    Object.keys(rows[0] ?? {}).map((name) => ({ name, caption: name }));
  return (
    <section>
      <p>
        <Link to="/">{texts.back}</Link>
      </p>
      <h2>{meta?.caption || table}</h2>
      {tableQuery.isLoading ? <p>{texts.loading}</p> : null}
      <table border={1} cellPadding={4} style={{ borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.name}>{column.caption}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={String(row.id ?? i)}>
              {columns.map((column) => (
                <td key={column.name}>{cellText(row[column.name])}</td>
              ))}
              <td>
                {row.id === undefined ? null : (
                  <Link
                    to={`/tables/${encodeURIComponent(table)}/${encodeURIComponent(String(row.id))}/history`}
                  >
                    {texts.history}
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button type="button" disabled={currentPage <= 1} onClick={() => setCurrentPage(currentPage - 1)}>
          {texts.previous}
        </button>{' '}
        {texts.page(currentPage, Math.max(pageCount, 1))}{' '}
        <button
          type="button"
          disabled={currentPage >= pageCount}
          onClick={() => setCurrentPage(currentPage + 1)}
        >
          {texts.next}
        </button>{' '}
        {texts.total(result.total ?? 0)}
      </p>
    </section>
  );
};
