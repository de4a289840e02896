import { describe, expect, it } from 'vitest';
import { PAGES } from './routes';

describe('link builders of PAGES', () => {
  it('give the paths the app has always linked to', () => {
    expect(PAGES.home.link()).toBe('/');
    expect(PAGES.login.link()).toBe('/login');
    expect(PAGES.signup.link()).toBe('/signup');
    expect(PAGES.allProducts.link()).toBe('/allproductandcategories');
    expect(PAGES.cart.link()).toBe('/dashboard/cart');
    expect(PAGES.checkout.link()).toBe('/dashboard/checkout');
    expect(PAGES.myOrders.link()).toBe('/dashboard/orders');
    expect(PAGES.manageProducts.link()).toBe('/dashboard/manageproducts');
    expect(PAGES.allOrders.link()).toBe('/dashboard/allorders');
    expect(PAGES.product.link('p1')).toBe('/product/p1');
    expect(PAGES.updateProduct.link('p1')).toBe('/dashboard/updateproduct/p1');
    expect(PAGES.order.link('o1')).toBe('/dashboard/allorders/o1');
    expect(PAGES.category.link('Tea')).toBe('/category/Tea');
  });

  it('encode each value as one path segment, as encodeURIComponent does', () => {
    expect(PAGES.category.link('Tea & Coffee/Hot')).toBe('/category/Tea%20%26%20Coffee%2FHot');
    expect(PAGES.product.link('a b?#')).toBe(`/product/${encodeURIComponent('a b?#')}`);
    expect(PAGES.category.link('চা')).toBe(`/category/${encodeURIComponent('চা')}`);
  });

  it('take exactly the values the path names (typecheck)', () => {
    // @ts-expect-error: /product/:id takes an id
    expect(() => PAGES.product.link()).not.toThrow();
    // @ts-expect-error: /login takes nothing
    expect(PAGES.login.link('x')).toBe('/login');
    expect('link' in PAGES.notFound).toBe(false);
  });
});
