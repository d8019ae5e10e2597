// Temporary: a screen whose work is under way. Deleted once every admin screen exists.
export function AdminPlaceholder({ title }: { title: string }) {
  return (
    <div>
      <h1>{title}</h1>
    </div>
  );
}
