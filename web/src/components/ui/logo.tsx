import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { BRAND, COMMON_TEXTS } from '@web/config/texts';
import './logo.css';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="url(#logo-gradient)" />
      <path d="M8 17v-2M12 21v-10M16 24V8M20 20v-8M24 17v-2" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
    </svg>
  );
}

/** The logo; a click goes to / (docs/product.md#screens-and-routes, landing hero). */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link to={paths.home} className={inverted ? 'logo logo--inverted' : 'logo'} aria-label={`${BRAND.name} ${COMMON_TEXTS.logoLabel}`}>
      <LogoMark />
      <span className="logo__name">{BRAND.name}</span>
    </Link>
  );
}
