import { Navigate } from 'react-router';
import { PageSpin } from '../../common/components/PageSpin';
import { SqlConsoleView } from '../components/SqlConsoleView';
import { useSqlAccess } from '../hooks/useSqlAccess';
import { useSqlConsole } from '../hooks/useSqlConsole';

/** The console: its controller (`useSqlConsole`) shown by its view (`SqlConsoleView`). */
const SqlConsole = () => {
  const sqlConsole = useSqlConsole();
  return <SqlConsoleView sqlConsole={sqlConsole} />;
};

/** `metadata/sqls/new`: the SQL console, for users holding `sql:execute`; others get the 403 page. */
export const SqlConsolePage = () => {
  const allowed = useSqlAccess();
  if (allowed === undefined) return <PageSpin />;
  if (!allowed) return <Navigate to="/403" replace />;
  return <SqlConsole />;
};
