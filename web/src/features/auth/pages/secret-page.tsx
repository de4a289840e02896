/** Login-protected placeholder (the route is wrapped in RequireUser). */
export function SecretPage() {
  return (
    <section className="page container container--narrow" aria-labelledby="secret-title">
      <h1 id="secret-title" className="page__title">
        Secret
      </h1>
      <p className="page__lead">Only signed-in users can see this page.</p>
    </section>
  );
}
