import { describe, expect, it } from 'vitest';
import { dashboardMenu, landingPage, NAVIGATION, PAGES } from './routes';

describe('link builders of PAGES', () => {
  it('give the paths the app has always linked to', () => {
    expect(PAGES.home.link()).toBe('/');
    expect(PAGES.login.link()).toBe('/login');
    expect(PAGES.signup.link()).toBe('/signup');
    expect(PAGES.allProducts.link()).toBe('/allproductandcategories');
    expect(PAGES.cart.link()).toBe('/dashboard/cart');
    expect(PAGES.checkout.link()).toBe('/dashboard/checkout');
    expect(PAGES.guestCheckout.link()).toBe('/checkout');
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

describe('the dashboard by role (issue 36)', () => {
  const labels = (role: Parameters<typeof dashboardMenu>[0]) => dashboardMenu(role).map((entry) => entry.label);

  it('lands each role on the first page it may use', () => {
    expect(landingPage('admin')).toBe(PAGES.overview.path);
    expect(landingPage('auditor')).toBe(PAGES.overview.path);
    expect(landingPage('desk')).toBe(PAGES.allOrders.path);
    expect(landingPage('packing')).toBe(PAGES.packing.path);
    expect(landingPage('catalogue')).toBe(PAGES.manageProducts.path);
    expect(landingPage('customer')).toBe(PAGES.profile.path);
    expect(landingPage(null)).toBe(PAGES.profile.path);
  });

  it("shows each role the menu entries whose page's permission it holds", () => {
    expect(labels('desk')).toEqual(['Home', 'Orders', 'Packing', 'Take an Order', 'Blocked Phones']);
    expect(labels('packing')).toEqual(['Home', 'Packing']);
    expect(labels('catalogue')).toEqual(['Home', 'Add Category', 'Add Products', 'Manage Products', 'Add Slider Image', 'Manage Slider Images', 'Add Coupon', 'Manage Coupons']);
    expect(labels('auditor')).toEqual(['Overview', 'Home', 'Orders', 'Courier Cash', 'Audit']);
    expect(labels('admin')).toEqual(NAVIGATION.staff.map((entry) => entry.label));
    expect(labels('customer')).toEqual(['Home', 'Cart', 'Orders']);
  });

  it("gives every entry of the staff's menu (but Home) the permission of its page, and every staff page a permission", () => {
    for (const entry of NAVIGATION.staff) {
      const page = Object.values(PAGES).find((p) => p.path === entry.to && p.title !== 'Dashboard');
      expect(entry.need, entry.label).toEqual(entry.to === PAGES.home.path ? undefined : (page as { need?: unknown }).need);
    }
    const customerPages = ['/dashboard', '/dashboard/profile', '/dashboard/cart', '/dashboard/checkout', '/dashboard/orders', '/dashboard/*'];
    for (const page of Object.values(PAGES)) {
      if (!page.path.startsWith('/dashboard') || customerPages.includes(page.path)) continue;
      expect((page as { need?: unknown }).need, page.path).toBeDefined();
    }
  });
});
