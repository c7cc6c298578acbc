export function Component() {
  return (
    <section className="page">
      <h1>Imagery</h1>
      <p>This view is being built.</p>
    </section>
  );
}
