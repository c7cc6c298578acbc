export function Component() {
  return (
    <section className="page">
      <h1>Seismic</h1>
      <p>This view is being built.</p>
    </section>
  );
}
