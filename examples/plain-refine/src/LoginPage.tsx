import { useLogin } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import type { LoginVariables } from '@crudboard/client';
import { texts } from './texts';

/** Signs in through the client's `authProvider.login` (a form-encoded `POST /api/auth/login`). */
export const LoginPage = () => {
  const { mutate: login, isPending, data } = useLogin<LoginVariables>();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login({ username, password });
  };
  const failure = data && !data.success ? data.error?.message || texts.loginFailed : null;
  return (
    <form onSubmit={submit} style={{ maxWidth: 320, margin: '80px auto', display: 'grid', gap: 8 }}>
      <h1>{texts.title}</h1>
      <input
        placeholder={texts.username}
        aria-label={texts.username}
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <input
        type="password"
        placeholder={texts.password}
        aria-label={texts.password}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" disabled={isPending}>
        {texts.login}
      </button>
      {failure ? <p role="alert">{failure}</p> : null}
    </form>
  );
};
