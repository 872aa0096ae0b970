/** A centred loading state: a spinner and a visible, announced label. */
export function LoadingState({ label, fullPage = false }: { label: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'stack stack--gap-3 stack--center loading loading--page' : 'stack stack--gap-3 stack--center loading'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p className="loading__label">{label}</p>
    </div>
  );
}
