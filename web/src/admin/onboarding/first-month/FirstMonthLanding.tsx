import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../../shared/hooks/use-locale';
import { homePath, useSession } from '../../../shared/session';
import { useCurrentStudioGroup } from '../../shared/current-studio-group';
import { useFirstMonthChecklist } from './api';

/** Which log-in has been sent to the checklist already: once per session, so the import dashboard stays reachable. */
const LANDED_KEY = 'trainerpay.firstMonthLanding';

/**
 * After log-in staff land on their home (the import dashboard); a new group's admin is sent on to the
 * checklist while its set-up is open (decision 0135), once per log-in.
 */
export function FirstMonthLanding() {
  const session = useSession();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const { current } = useCurrentStudioGroup();
  const atHome = session !== null && location.pathname === homePath(session.role, locale);
  const alreadyLanded = session !== null && sessionStorage.getItem(LANDED_KEY) === session.apiKey;
  const checklist = useFirstMonthChecklist(atHome && !alreadyLanded ? current?.uuid : undefined);

  useEffect(() => {
    if (!session || !atHome || alreadyLanded || !checklist.data) return;
    sessionStorage.setItem(LANDED_KEY, session.apiKey);
    if (checklist.data.landHere) void navigate(`/${locale}/admin/first-month`, { replace: true });
  }, [session, atHome, alreadyLanded, checklist.data, locale, navigate]);
  return null;
}
