import type { TFooterContent } from '../../../../contracts/site-content.contract';
import { SiteLogoMark } from './icons';

export function SiteFooter({ footer, lang }: { footer: TFooterContent; lang?: string }) {
  return (
    <footer className="tp-footer" lang={lang} data-testid="site-footer">
      <div className="tp-container tp-footer-grid">
        <div>
          <p className="tp-brand tp-brand-footer">
            <SiteLogoMark size={28} id="tp-logo-gradient-footer" />
            <span>TrainerPay</span>
          </p>
          <p className="tp-muted">{footer.tagline}</p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="tp-footer-title">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href + link.name}>
                  <a href={link.href}>{link.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="tp-container tp-footer-bottom">
        <p>{footer.legal}</p>
        <p>{footer.copyright}</p>
      </div>
    </footer>
  );
}
