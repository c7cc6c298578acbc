export function Component() {
  return (
    <section className="page">
      <h1>Legacy</h1>
      <p>This view is being built.</p>
    </section>
  );
}
