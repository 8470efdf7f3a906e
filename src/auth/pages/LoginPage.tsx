import { LockOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Divider, Flex, Form, Input, Select, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { BrandMark } from '../../common/components/BrandMark';
import { appInfo } from '../../config/appInfo';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { ThemeSwitch } from '../../layout/ThemeSwitch';
import { appClient } from '../../providers/app-client';
import { appSignInOptions, resumeAppSession, singleSignOnHref } from '../../providers/app-calls';
import type { LoginVariables, SignInOptions } from '@crudboard/client';
import { resetRegisteredTables } from '../../resources/useRegisteredTables';
import { safeRedirectPath } from '../lib/safe-redirect';
import { getToken } from '../../store/session';
import { useAppConfig } from '../../store/useAppConfig';
import { useDocumentTitle } from '../../store/useDocumentTitle';
import { useThemeMode } from '../../store/useThemeMode';

/** Error codes the server's single sign-on sends back in `?error=`. */
const SSO_ERRORS = [
  'sso_failed',
  'sso_state',
  'sso_unavailable',
  'sso_no_role',
  'sso_disabled',
  'sso_denied',
  'sso_throttled',
] as const;
const LOCAL = '';
/** Where the router lives: the server sends a single sign-on back to a path under it. */
const APP_BASE = '/crudboard';

/**
 * /login: centred card, 用户名 / 密码, "登 录"; afterwards back to where the user came from. A failed
 * sign-in shows one message, in the card; a successful one clears every notice still showing.
 * Below the form, a button per single sign-on provider; above it, a directory choice when the
 * server has LDAP providers. A single sign-on that failed comes back with `?error=`; one that
 * succeeded left a session cookie, which is taken up here.
 */
export const LoginPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [mode] = useThemeMode();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { appName } = useAppConfig();
  const ssoError = SSO_ERRORS.find((code) => code === params.get('error'));
  const [error, setError] = useState<string | null>(ssoError ? t(`login.ssoErrors.${ssoError}`) : null);
  const [pending, setPending] = useState(false);
  const [options, setOptions] = useState<SignInOptions>({ providers: [], passwordSignIn: true });
  const target = safeRedirectPath(params.get('to'));
  useDocumentTitle(t('login.title'));

  useEffect(() => {
    let live = true;
    void appSignInOptions().then((loaded) => live && setOptions(loaded));
    // Back from a single sign-on: the cookie is set, the stored session not yet.
    if (!getToken() && !ssoError) {
      void resumeAppSession().then((resumed) => {
        if (!live || !resumed) return;
        resetRegisteredTables();
        void navigate(target, { replace: true });
      });
    }
    return () => {
      live = false;
    };
  }, [navigate, target, ssoError]);
  const oidcProviders = options.providers.filter((provider) => provider.kind === 'oidc');
  const directories = options.providers.filter((provider) => provider.kind === 'ldap');
  const showForm = options.passwordSignIn || directories.length > 0;

  const submit = async (values: LoginVariables) => {
    setError(null);
    setPending(true);
    const result = await appClient().authProvider.login({
      username: values.username.trim(),
      password: values.password,
      ...(values.provider ? { provider: values.provider } : {}),
    });
    setPending(false);
    if (!result.success) {
      // One message, in the card (no toast as well).
      setError(result.error?.message || t('login.failed'));
      return;
    }
    // No notice from before the sign-in (a 401 that led here, a failed attempt) outlives it.
    message.destroy();
    // a new user: no table of the previous one may show
    resetRegisteredTables();
    void navigate(target, { replace: true });
  };

  if (getToken()) return <Navigate to={target} replace />;

  const background =
    mode === 'dark'
      ? 'radial-gradient(circle at 20% 0%, #112a4d 0%, #0b0f17 55%)'
      : 'radial-gradient(circle at 20% 0%, #d6e8ff 0%, #f3f7fd 45%, #eef1f6 100%)';

  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 24, background }}>
      <Flex gap={12} align="center" style={{ position: 'absolute', top: 16, right: 20 }}>
        <LanguageSwitch />
        <ThemeSwitch />
      </Flex>
      <main
        style={{
          width: '100%',
          maxWidth: 420,
          boxSizing: 'border-box',
          padding: '40px 36px 28px',
          borderRadius: token.borderRadiusLG * 1.5,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Flex vertical align="center" gap={12} style={{ marginBottom: 28 }}>
          <BrandMark size={48} />
          <h1
            style={{
              margin: 0,
              textAlign: 'center',
              fontSize: token.fontSizeHeading3,
              fontWeight: 600,
              color: token.colorTextHeading,
            }}
          >
            {t('login.welcome', { appName })}
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('login.subtitle')}</p>
        </Flex>
        {error && (
          <Alert
            type="error"
            showIcon
            message={error}
            closable
            onClose={() => setError(null)}
            style={{ marginBottom: 20 }}
          />
        )}
        {!showForm && (
          <Alert type="info" showIcon message={t('login.passwordOff')} style={{ marginBottom: 20 }} />
        )}
        {showForm && (
          <Form<LoginVariables>
            layout="vertical"
            size="large"
            requiredMark={false}
            initialValues={{ provider: options.passwordSignIn ? LOCAL : directories[0]?.id }}
            key={options.passwordSignIn ? 'local' : 'directory'}
            onFinish={(values) => void submit(values)}
          >
            {directories.length > 0 && (
              <Form.Item name="provider" label={t('login.directory')}>
                <Select
                  aria-label={t('login.directory')}
                  options={[
                    ...(options.passwordSignIn ? [{ value: LOCAL, label: t('login.localAccount') }] : []),
                    ...directories.map((directory) => ({ value: directory.id, label: directory.name })),
                  ]}
                />
              </Form.Item>
            )}
            <Form.Item
              name="username"
              rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
            >
              <Input
                prefix={<UserOutlined />}
                placeholder={t('login.username')}
                aria-label={t('login.username')}
                autoComplete="username"
                autoFocus
              />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder={t('login.password')}
                aria-label={t('login.password')}
                autoComplete="current-password"
              />
            </Form.Item>
            <Form.Item style={{ marginBottom: 8 }}>
              <Button type="primary" htmlType="submit" block loading={pending}>
                {pending ? t('login.submitting') : t('login.submit')}
              </Button>
            </Form.Item>
          </Form>
        )}
        {oidcProviders.length > 0 && (
          <>
            {showForm && (
              <Divider plain style={{ margin: '8px 0 16px', color: token.colorTextTertiary }}>
                {t('login.or')}
              </Divider>
            )}
            <Flex vertical gap={12} style={{ marginBottom: 8 }}>
              {oidcProviders.map((provider) => (
                <Button
                  key={provider.id}
                  size="large"
                  block
                  icon={<LoginOutlined />}
                  href={singleSignOnHref(provider.id, params.get('to') ? `${APP_BASE}${target}` : undefined)}
                >
                  {t('login.ssoButton', { name: provider.name })}
                </Button>
              ))}
            </Flex>
          </>
        )}
      </main>
      <footer style={{ marginTop: 24, fontSize: 12, color: token.colorTextTertiary }}>
        {appInfo.name} v{appInfo.version}
      </footer>
    </Flex>
  );
};
