import { useEffect, useRef, useState } from 'react';
import type { TContentLocale } from '../../../../contracts/site-content.contract';
import { pagePath, SITE_LOCALES, type SiteData } from '../content/site-data';
import { SiteIcon, SiteLogoMark } from './icons';

/** The web app keeps its log-in in localStorage (web/src/shared/session.ts); read here without the app's code. */
function hasAppSession(): boolean {
  try {
    const raw = window.localStorage.getItem('trainerpay.session');
    const session = raw ? (JSON.parse(raw) as { role?: unknown; apiKey?: unknown }) : null;
    return typeof session?.role === 'string';
  } catch {
    return false;
  }
}

/**
 * Closes an open <details> menu on a click outside it or on Escape. The menus are <details>, so
 * they open and close without JavaScript too (a prerendered page before its script has loaded).
 */
function useClosingMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.contains(event.target as Node)) {
        menu.open = false;
        if (event instanceof KeyboardEvent) menu.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return ref;
}

function Flag({ locale }: { locale: TContentLocale }) {
  return <img className="tp-flag" src={`/site/flags/${locale}.svg`} width={20} height={14} alt="" />;
}

/** The site's navigation (spec 2.24): logo to /{lang}/, menu items, the log-in dropdown with its three entries, the language links with flags. */
export function SiteHeader({ data }: { data: SiteData }) {
  const { navigation, locale, page } = data;
  const [loggedIn, setLoggedIn] = useState(false);
  const loginMenu = useClosingMenu();
  const languageMenu = useClosingMenu();
  const mobileMenu = useClosingMenu();
  // After hydration only: the prerendered HTML is the same for everyone.
  useEffect(() => setLoggedIn(hasAppSession()), []);

  const languages = (
    <ul className="tp-languages" aria-label={navigation.languages.label}>
      {SITE_LOCALES.map((code) => (
        <li key={code}>
          <a href={pagePath(code, page)} hrefLang={code} lang={code} aria-current={code === locale ? 'true' : undefined} data-testid={`site-language-${code}`}>
            <Flag locale={code} />
            <span>{navigation.languages[code]}</span>
          </a>
        </li>
      ))}
    </ul>
  );

  return (
    <header className="tp-header">
      <a className="tp-skip" href="#main">
        {navigation.skipToContent}
      </a>
      <div className="tp-container tp-header-row">
        <a className="tp-brand" href={`/${locale}/`} aria-label={navigation.home} data-testid="site-logo">
          <SiteLogoMark />
          <span aria-hidden="true">TrainerPay</span>
        </a>
        <nav className="tp-nav" aria-label={navigation.menu}>
          <ul>
            {navigation.items.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={item.href === pagePath(locale, page) ? 'page' : undefined}>
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="tp-header-actions">
          <details className="tp-menu tp-language-menu" ref={languageMenu}>
            {/* The name holds the visible language code, so a person saying what they see reaches it. */}
            <summary aria-label={`${navigation.languages.label}: ${locale.toUpperCase()}`} data-testid="site-language-menu">
              <Flag locale={locale} />
              <span className="tp-language-code">{locale.toUpperCase()}</span>
              <SiteIcon name="chevron" size={16} />
            </summary>
            <div className="tp-menu-panel tp-menu-panel-small">{languages}</div>
          </details>
          {loggedIn ? (
            <a className="tp-button tp-button-small" href={navigation.account.href} data-testid="site-account">
              {navigation.account.name}
            </a>
          ) : (
            <details className="tp-menu" ref={loginMenu}>
              <summary className="tp-button tp-button-small" data-testid="site-login-menu">
                {navigation.login.label}
                <SiteIcon name="chevron" size={16} />
              </summary>
              <ul className="tp-menu-panel" data-testid="site-login-entries">
                {navigation.login.entries.map((entry) => (
                  <li key={entry.name}>
                    <a href={entry.href}>
                      <strong>{entry.name}</strong>
                      <span>{entry.description}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          )}
          <details className="tp-menu tp-mobile-menu" ref={mobileMenu}>
            <summary aria-label={navigation.menu}>
              <SiteIcon name="menu" />
            </summary>
            <div className="tp-menu-panel">
              <ul>
                {navigation.items.map((item) => (
                  <li key={item.href}>
                    <a href={item.href}>{item.name}</a>
                  </li>
                ))}
              </ul>
            </div>
          </details>
        </div>
      </div>
      {data.fallback && navigation.fallbackNotice ? (
        <p className="tp-fallback" role="note" data-testid="site-fallback-notice">
          {navigation.fallbackNotice}
        </p>
      ) : null}
    </header>
  );
}
