import { useCustom } from '@refinedev/core';
import { Link } from 'react-router';
import type { Table } from '../../../contract';
import { texts } from './texts';

/** The tables the user may open (`GET /api/users/me/table`), crudboard's own ones left out. */
export const useMyTables = () => {
  const { query, result } = useCustom<Table[]>({ url: '/users/me/table', method: 'get' });
  const tables = Array.isArray(result.data) ? result.data.filter((table) => !table.systemable) : [];
  return { tables, isLoading: query.isLoading };
};

export const TablesPage = () => {
  const { tables, isLoading } = useMyTables();
  if (isLoading) return <p>{texts.loading}</p>;
  if (tables.length === 0) return <p>{texts.noTables}</p>;
  return (
    <nav aria-label={texts.tables}>
      <h2>{texts.tables}</h2>
      <ul>
        {tables.map((table) => (
          <li key={table.name}>
            <Link to={`/tables/${encodeURIComponent(table.name)}`}>{table.caption || table.name}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};
