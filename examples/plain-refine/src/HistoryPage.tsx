import { useLogList } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import type { RevisionLog } from '@crudboard/client';
import { cellText } from './cell-text';
import { texts } from './texts';

/**
 * One record's history through Refine's `useLogList` and the client's audit-log provider:
 * newest first, who and when, and each changed column from old to new.
 */
export const HistoryPage = () => {
  const { table = '', id = '' } = useParams();
  const { data, isLoading } = useLogList<RevisionLog[]>({ resource: table, meta: { id } });
  return (
    <section>
      <p>
        <Link to={`/tables/${encodeURIComponent(table)}`}>{texts.back}</Link>
      </p>
      <h2>{texts.historyOf(table, id)}</h2>
      {isLoading ? <p>{texts.loading}</p> : null}
      <ol>
        {(data ?? []).map((log) => (
          <li key={String(log.id)} data-revision={log.action}>
            {texts.action(String(log.action))} · {log.meta.user.name ?? ''} ·{' '}
            {new Date(String(log.createdAt)).toLocaleString()}
            <ul>
              {log.meta.changes.map((change) => (
                <li key={change.column}>
                  {change.column}: {cellText(change.old)} → {cellText(change.new)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
};
