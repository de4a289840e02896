import type { ComponentPropsWithoutRef } from 'react';

/**
 * Responsive card grid: 2 columns up to 860px, 3 up to 1365px, 4 above (see .product-grid in styles).
 */
export function ProductGrid({ className, children, ...rest }: ComponentPropsWithoutRef<'div'>) {
  return (
    <div {...rest} className={className ? `product-grid ${className}` : 'product-grid'} data-testid="product-grid">
      {children}
    </div>
  );
}
