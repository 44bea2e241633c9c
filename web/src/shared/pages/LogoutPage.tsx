import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DelayedLoader } from '../components/DelayedLoader';
import { useLogout } from '../hooks/api/auth';
import { useLocale } from '../hooks/use-locale';

/**
 * /:locale/logout (and /:locale/trainer/logout, spec): revokes the key, clears the session, back to
 * the log-in page. A route of its own, outside the guarded layouts, so clearing the session does not
 * race the guards' own redirect.
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const logout = useLogout();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice; one POST is enough
    started.current = true;
    logout.mutate(undefined, {
      onSettled: () => {
        notifications.show({ message: t('login.loggedOut'), color: 'brand' });
        void navigate(`/${locale}/login`, { replace: true });
      },
    });
  }, [logout, locale, navigate, t]);

  return <DelayedLoader minHeight={400} />;
}
