import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { BRAND, COMMON_TEXTS } from '@web/config/texts';
import { Logo } from '../ui/logo';
import './site-layout.css';

/** docs/product.md#screens-and-routes, landing footer: the social account, the contact e-mail, /privacy and /terms. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo inverted />
          <p className="site-footer__copy">
            © {year} {BRAND.name}
          </p>
        </div>
        <nav aria-label={COMMON_TEXTS.footerNavigation}>
          <ul className="site-footer__links">
            <li>
              <a href={BRAND.socialUrl} target="_blank" rel="noopener noreferrer">
                {BRAND.socialHandle}
              </a>
            </li>
            <li>
              <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>
            </li>
            <li>
              <Link to={paths.privacy}>{COMMON_TEXTS.footerPrivacy}</Link>
            </li>
            <li>
              <Link to={paths.terms}>{COMMON_TEXTS.footerTerms}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
