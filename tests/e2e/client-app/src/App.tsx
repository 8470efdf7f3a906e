import { createCrudboardClient, type Identity, type LoginVariables } from '@crudboard/client';
import { Refine, useGetIdentity, useIsAuthenticated, useList, useLogin, useUpdate } from '@refinedev/core';
import { useState, type FormEvent } from 'react';

/** The crudboard server on this page's origin (`/api` is passed on to it), with keys of its own. */
const client = createCrudboardClient({ storageKeyPrefix: 'outside:' });

const Login = () => {
  const { mutate: login, data } = useLogin<LoginVariables>();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login({ username, password });
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      <input
        aria-label="password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit">Sign in</button>
      {data && !data.success ? <p role="alert">{data.error?.message}</p> : null}
    </form>
  );
};

const Row = ({ table, id, name }: { table: string; id: number; name: string }) => {
  const [value, setValue] = useState(name);
  const { mutate: update, mutation } = useUpdate();
  return (
    <li data-id={id}>
      <input aria-label={`name of ${id}`} value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="button" onClick={() => update({ resource: table, id, values: { name: value } })}>
        Save {id}
      </button>
      {mutation.isSuccess ? <span> saved</span> : null}
    </li>
  );
};

/** A table's records through Refine's `useList` and the client's data provider. */
const Records = ({ table }: { table: string }) => {
  const { result, query } = useList<{ id: number; name: string }>({
    resource: table,
    pagination: { pageSize: 50 },
    sorters: [{ field: 'id', order: 'asc' }],
  });
  if (query.isError) return <p role="alert">{query.error.message}</p>;
  if (query.isLoading) return <p>Loading…</p>;
  return (
    <section>
      <p>{result.total} records</p>
      <ul>
        {result.data.map((row) => (
          <Row key={row.id} table={table} id={row.id} name={row.name} />
        ))}
      </ul>
    </section>
  );
};

const Home = () => {
  const { data: auth, isLoading } = useIsAuthenticated();
  const { data: identity } = useGetIdentity<Identity>();
  if (isLoading) return null;
  if (!auth?.authenticated) return <Login />;
  const table = new URLSearchParams(window.location.search).get('table') ?? 'product';
  return (
    <main>
      <h1>Signed in as {identity?.name}</h1>
      <Records table={table} />
    </main>
  );
};

export const App = () => (
  <Refine
    dataProvider={client.dataProviders}
    authProvider={client.authProvider}
    accessControlProvider={client.accessControlProvider}
    options={{ ...client.refineOptions, disableTelemetry: true }}
  >
    <Home />
  </Refine>
);
