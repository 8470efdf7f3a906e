import '@ant-design/v5-patch-for-react-19';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { handleBootError } from './common/lib/boot-error';

const boot = async () => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root element missing');
  const [{ App }, { i18nReady }] = await Promise.all([import('./App'), import('./providers/i18n-provider')]);
  await i18nReady;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

boot().catch((error: unknown) =>
  handleBootError(error, {
    log: (...args) => console.error(...args),
    redirect: (url) => window.location.assign(url),
  }),
);
