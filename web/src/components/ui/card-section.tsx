import { useId, type ReactNode } from 'react';

/** A card that is a section named by its heading (the create forms, the profile's parts, the summary box). */
export function CardSection({ title, className, children }: { title: ReactNode; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
