import { Link } from 'react-router-dom';
import { GoBack } from '../../../components/go-back';

export function NotFoundPage() {
  return (
    <section className="page page--centered container container--narrow" aria-labelledby="not-found-title">
      <p className="page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="page__title">
        Page not found
      </h1>
      <p className="page__lead">
        The page you are looking for does not exist or has moved. Check the address, or head back to the shop.
      </p>
      <div className="page__actions">
        <Link className="button button--primary" to="/">
          Back to home
        </Link>
        <GoBack />
      </div>
    </section>
  );
}
