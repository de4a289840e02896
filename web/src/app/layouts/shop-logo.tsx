export function ShopLogo() {
  return (
    <svg className="navbar__logo" aria-hidden="true" focusable="false" viewBox="0 0 32 32" width="32" height="32">
      <rect x="5" y="3" width="18" height="24" rx="3" fill="var(--color-primary)" transform="rotate(-8 14 15)" />
      <rect x="10" y="5" width="18" height="24" rx="3" fill="var(--color-accent)" transform="rotate(8 19 17)" />
      <path d="m19 11 1.6 3.3 3.6.5-2.6 2.5.6 3.6-3.2-1.7-3.2 1.7.6-3.6-2.6-2.5 3.6-.5Z" fill="#fff" />
    </svg>
  );
}
