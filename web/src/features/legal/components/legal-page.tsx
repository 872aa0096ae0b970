import { Fragment, type ReactNode } from 'react';
import { ContentPage } from '@web/components/layouts/site-layout';
import { BRAND } from '@web/config/texts';
import { LEGAL_TEXTS } from '../texts';
import type { LegalDocument, LegalSection } from '../documents';
import '../legal.css';

/** The contact e-mail in a text becomes a mail link; everything else stays text. */
function withLinks(text: string): ReactNode {
  const parts = text.split(BRAND.contactEmail);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>}
    </Fragment>
  ));
}

function Section({ section }: { section: LegalSection }) {
  const headingId = `${section.id}-heading`;
  return (
    <section id={section.id} className="legal__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="legal__heading">
        {section.heading}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{withLinks(paragraph)}</p>
      ))}
      {section.list && (
        <ul className="legal__list">
          {section.list.map((item) => (
            <li key={item}>{withLinks(item)}</li>
          ))}
        </ul>
      )}
      {section.after?.map((paragraph) => (
        <p key={paragraph}>{withLinks(paragraph)}</p>
      ))}
    </section>
  );
}

/** A legal text (docs/product.md#what-it-is-for): title, last-updated date, contents with anchors, numbered sections. */
export function LegalPage({ document, signedIn }: { document: LegalDocument; signedIn: boolean | undefined }) {
  return (
    <ContentPage title={document.title} lead={document.lastUpdated} signedIn={signedIn}>
      <div className="legal">
        {document.intro.map((paragraph) => (
          <p key={paragraph} className="legal__intro">
            {withLinks(paragraph)}
          </p>
        ))}
        <nav className="legal__toc" aria-labelledby="legal-toc-heading">
          <h2 id="legal-toc-heading" className="overline legal__toc-title">
            {LEGAL_TEXTS.contents}
          </h2>
          <ol>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading.replace(/^\d+\.\s*/, '')}</a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
      </div>
    </ContentPage>
  );
}
