import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@web/components/ui/button';
import { SiteLayout } from '@web/components/layouts/site-layout';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';
import { BRAND, COMMON_TEXTS } from '@web/config/texts';
import { LANDING_TEXTS } from '../texts';
import { AudienceIcon, FeatureIcon } from './icons';
import '../landing.css';

const T = LANDING_TEXTS;

/** docs/product.md#screens-and-routes, landing page. */
export function LandingPage() {
  return (
    <SiteLayout signedIn={false}>
      <Hero />
      <Audiences />
      <Features />
      <Testimonials />
      <CallToAction />
      <Contact />
    </SiteLayout>
  );
}

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        {/* docs/product.md#screens-and-routes: the hero's logo; a click goes to /. */}
        <Link to={paths.home} className="hero__logo" aria-label={`${BRAND.name} ${COMMON_TEXTS.logoLabel}`}>
          <LogoMark size={56} />
          <span className="hero__brand">{BRAND.name}</span>
        </Link>
        <p className="pill eyebrow">{T.tagline}</p>
        <h1 id="hero-title" className="hero__title">
          {T.title}
        </h1>
        <p className="hero__lead">{T.lead}</p>
        <div className="hero__actions">
          <ButtonLink to={paths.signup} size="lg">
            {T.getStarted}
          </ButtonLink>
          <Link to={paths.login} className="hero__secondary">
            {T.haveAccount} →
          </Link>
        </div>
        <p className="note note--subtle hero__note">{T.heroNote}</p>
        <HeroPreview />
      </div>
    </section>
  );
}

function Audiences() {
  return (
    <Section id="audiences-title" title={T.audiencesTitle}>
      <ul className="grid grid--3">
        {T.audiences.map((audience) => (
          <li key={audience.name} className="tile">
            <span className="tile__icon">
              <AudienceIcon name={audience.name} />
            </span>
            <h3 className="tile__title">{audience.name}</h3>
            <p className="tile__text">{audience.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Features() {
  return (
    <Section id="features-title" title={T.featuresTitle} tinted>
      <ul className="features">
        {T.features.map((feature, index) => (
          <li key={feature.name} className="feature">
            <span className="feature__icon">
              <FeatureIcon index={index} />
            </span>
            <div>
              <h3 className="feature__title">{feature.name}</h3>
              <p className="feature__text">{feature.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Testimonials() {
  return (
    <Section id="testimonials-title" title={T.testimonialsTitle}>
      <ul className="grid grid--3">
        {T.testimonials.map((testimonial) => (
          <li key={testimonial.author} className="panel testimonial">
            <figure>
              <blockquote className="testimonial__quote">“{testimonial.quote}”</blockquote>
              <figcaption className="note note--subtle testimonial__author">
                <span className="pill testimonial__avatar" aria-hidden="true">
                  {initials(testimonial.author)}
                </span>
                <span>
                  <span className="testimonial__name">{testimonial.author}</span>
                  <span className="testimonial__role">{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function CallToAction() {
  return (
    <section className="section" aria-labelledby="cta-title">
      <div className="container">
        <div className="stack stack--center cta">
          <h2 id="cta-title" className="cta__title">
            {T.ctaTitle}
          </h2>
          <p className="cta__text">{T.ctaText}</p>
          <ButtonLink to={paths.signup} size="lg" variant="light">
            {T.signUpFree}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function Contact() {
  return (
    <Section id="contact-title" title={T.contactTitle} tinted className="contact">
      <p className="contact__text">{T.contactText}</p>
      <ul className="contact__cards">
        <li className="panel contact__card">
          <span className="overline">{T.contactEmailLabel}</span>
          <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>
        </li>
        <li className="panel contact__card">
          <span className="overline">{T.contactSocialLabel}</span>
          <a href={BRAND.socialUrl} target="_blank" rel="noopener noreferrer">
            {BRAND.socialHandle}
          </a>
        </li>
      </ul>
    </Section>
  );
}

/** A section of the page under its title (which names it for assistive tech). */
function Section({ id, title, tinted = false, className, children }: { id: string; title: string; tinted?: boolean; className?: string; children: ReactNode }) {
  return (
    <section className={tinted ? 'section section--tinted' : 'section'} aria-labelledby={id}>
      <div className={className ? `container ${className}` : 'container'}>
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** "Dr. Amara Okafor" → "AO": a decorative avatar. */
const initials = (name: string): string =>
  name
    .replace(/^Dr\.\s+/, '')
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join('');

/** A decorative sketch of a transcript with a summary: shows what the product does, hidden from assistive tech. */
function HeroPreview() {
  return (
    <div className="preview" aria-hidden="true">
      <div className="preview__bar">
        <span />
        <span />
        <span />
      </div>
      <div className="preview__body">
        <div className="preview__wave">
          {Array.from({ length: 48 }, (_, i) => (
            <i key={i} style={{ height: `${20 + Math.round(Math.abs(Math.sin(i * 1.7) * 60))}%` }} />
          ))}
        </div>
        <div className="preview__text">
          <p>
            <b>Speaker 1</b> Thanks for joining. Let's start with the results of the <mark>last quarter</mark> and what they mean for the team.
          </p>
          <p>
            <b>Speaker 2</b> Overall we grew in every region, and the new onboarding cut support requests by a third.
          </p>
        </div>
        <div className="preview__summary">
          <strong>Summary</strong>
          <ul>
            <li>Growth in every region last quarter</li>
            <li>New onboarding cut support requests by a third</li>
          </ul>
        </div>
      </div>
    </div>
  );
}
