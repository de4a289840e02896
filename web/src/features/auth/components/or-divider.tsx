export function OrDivider() {
  return (
    <p className="auth-divider">
      <span>OR</span>
    </p>
  );
}
