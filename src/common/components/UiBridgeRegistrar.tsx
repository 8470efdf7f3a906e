import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerUiBridge } from '../../providers/ui-bridge';

/** Lets the http layer show antd messages (themed, localised) and navigate without a reload. */
export const UiBridgeRegistrar = () => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(
    () =>
      registerUiBridge({
        notifyError: (text) => void message.error({ content: text, key: 'http-error' }),
        navigate: (path) => void navigate(path),
      }),
    [message, navigate],
  );
  return null;
};
