import { Alert, Anchor, Box, Button, Group, List, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/client';
import { IconAlert, IconCheck, IconInfo } from '../../shared/components/icons';
import { LanguageSwitcher } from '../../shared/components/LanguageSwitcher';
import { Logo, LogoMark } from '../../shared/components/Logo';
import { useLogin } from '../../shared/hooks/api/auth';
import { useLocale } from '../../shared/hooks/use-locale';
import { usePageTitle } from '../../shared/hooks/use-page-title';
import { homePath, redirectAfterLogin, useSession } from '../../shared/session';

type FieldErrors = { email?: string; password?: string };
type LoginState = { from?: string; reason?: 'expired' } | null;

/** /:locale/login: e-mail and password; on success staff land on the import dashboard, trainers on their profile. */
export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as LoginState;
  const session = useSession();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  usePageTitle(t('login.title'));

  // Opened while logged in: straight home. (After a log-in here, onSuccess navigates instead.)
  if (session && login.isIdle) return <Navigate replace to={homePath(session.role, locale)} />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The request's contract (zod) loads with the first submit, not with the page.
    const contract = await import('../../../../contracts/auth.contract').catch(() => null);
    if (!contract) {
      notifications.show({ color: 'red', message: t('errors.network') });
      return;
    }
    const parsed = contract.ZLoginRequest.safeParse({ email, password });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setFieldErrors({
        email: fields.has('email') ? t('login.invalidEmail') : undefined,
        password: fields.has('password') ? t('login.passwordRequired') : undefined,
      });
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, {
      onSuccess: (newSession) => {
        notifications.show({ color: 'green', message: t('login.welcome', { name: newSession.name }) });
        void navigate(redirectAfterLogin(state?.from, newSession.role, locale), { replace: true });
      },
    });
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Box
        component="aside"
        aria-label={t('app.name')}
        visibleFrom="md"
        p={56}
        style={{
          background: 'radial-gradient(120% 90% at 0% 0%, #5560ef 0%, #333ebe 45%, #1d2680 100%)',
          color: 'white',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        }}
      >
        <Group gap={10}>
          <LogoMark size={36} inverted />
          <Text fw={750} fz={22} style={{ letterSpacing: '-0.02em' }}>
            {t('app.name')}
          </Text>
        </Group>
        <Stack gap="xl" maw={460}>
          <Title order={2} fz={36} lh={1.15} c="white">
            {t('app.tagline')}
          </Title>
          <List
            spacing="md"
            size="md"
            icon={
              <ThemeIcon size={24} radius="xl" color="rgba(255,255,255,0.18)">
                <IconCheck size={14} />
              </ThemeIcon>
            }
            styles={{ item: { color: 'rgba(255,255,255,0.92)' } }}
          >
            <List.Item>{t('login.highlights.settlements')}</List.Item>
            <List.Item>{t('login.highlights.creditNotes')}</List.Item>
            <List.Item>{t('login.highlights.payouts')}</List.Item>
          </List>
        </Stack>
        <Text size="sm" c="rgba(255,255,255,0.7)">
          {t('login.footer')}
        </Text>
      </Box>

      <Stack component="main" bg="gray.0" p={{ base: 'md', sm: 'xl' }} justify="center" align="center" pos="relative">
        <Box pos="absolute" top={20} right={20}>
          <LanguageSwitcher />
        </Box>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 36 }} w="100%" maw={440} radius="lg">
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="login-title">
            <Stack gap="md">
              <Box hiddenFrom="md" mb="xs">
                <Logo size={30} />
              </Box>
              <Stack gap={6}>
                <Title order={1} size="h2" id="login-title">
                  {t('login.title')}
                </Title>
                <Text c="dimmed" size="sm">
                  {t('login.subtitle')}
                </Text>
              </Stack>

              {state?.reason === 'expired' && !login.isError && (
                <Alert color="yellow" icon={<IconInfo />} data-testid="login-expired">
                  {t('login.sessionExpired')}
                </Alert>
              )}
              {login.isError && (
                <Alert color="red" icon={<IconAlert />} title={t('login.failedTitle')} data-testid="login-error" role="alert">
                  {errorMessage(login.error)}
                </Alert>
              )}

              <TextInput
                data-testid="login-email"
                label={t('login.email')}
                placeholder={t('login.emailPlaceholder')}
                type="email"
                autoComplete="username"
                required
                size="md"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={fieldErrors.email}
                autoFocus
              />
              <PasswordInput
                data-testid="login-password"
                label={t('login.password')}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                required
                size="md"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={fieldErrors.password}
              />
              <Anchor component={Link} to={`/${locale}/forgot-password`} size="sm" ta="right" mt={-8} data-testid="login-forgot-password">
                {t('accountLinks.password.forgot')}
              </Anchor>
              <Button type="submit" size="md" fullWidth mt="xs" loading={login.isPending} data-testid="login-submit">
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
