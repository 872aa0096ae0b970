export function Divider({ label }: { label: string }) {
  return (
    <div className="divider" role="separator" aria-label={label}>
      <span aria-hidden="true">{label}</span>
    </div>
  );
}
