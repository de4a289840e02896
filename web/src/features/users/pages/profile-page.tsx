import { useAuth } from '../../../lib/auth/use-auth';
import { roleLabel } from '../role-label';

export function ProfilePage() {
  const { user } = useAuth();
  // The dashboard is behind RequireUser; this only guards a render during log-out.
  if (!user) return null;
  const displayName = user.name.trim() || user.email;

  return (
    <section className="dashboard-page" aria-labelledby="profile-title">
      <h1 id="profile-title" className="page__title">
        Welcome, {displayName}!
      </h1>
      <p className="page__lead">Your cart and orders are in the menu.</p>
      <dl className="contact-list page__section profile-details">
        <div className="contact-list__item">
          <dt>Name</dt>
          <dd>{displayName}</dd>
        </div>
        <div className="contact-list__item">
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div className="contact-list__item">
          <dt>Role</dt>
          <dd>{roleLabel(user.role)}</dd>
        </div>
      </dl>
    </section>
  );
}
