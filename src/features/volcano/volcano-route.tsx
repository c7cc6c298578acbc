export function Component() {
  return (
    <section className="page">
      <h1>Volcano</h1>
      <p>This view is being built.</p>
    </section>
  );
}
