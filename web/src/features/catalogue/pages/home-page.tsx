import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ProductGrid } from '../../../components/product-grid';
import { Spinner } from '../../../components/spinner';
import { categoryLabel, useCategories } from '../api/get-categories';

type HomePageProps = {
  shopName: string;
};

export function HomePage({ shopName }: HomePageProps) {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">Anime &amp; collectible card shop in Bangladesh</p>
          <h1 id="hero-title" className="hero__title">
            Welcome to {shopName}
          </h1>
          <p className="hero__lead">
            Anime figures, trading cards, apparel and more, priced in BDT and delivered to your door with cash on
            delivery.
          </p>
          <div className="hero__actions">
            <Link className="button button--light" to="/allproductandcategories">
              Browse all products
            </Link>
            <Link className="button button--ghost-light" to="/about">
              About the shop
            </Link>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="categories-title">
        <div className="section__header">
          <h2 id="categories-title" className="section__title">
            Shop by Category
          </h2>
          <p className="section__lead">Pick a category to start browsing.</p>
        </div>
        <CategoryTiles />
      </section>
    </>
  );
}

function CategoryTiles() {
  const { data: categories, status, error } = useCategories();

  useEffect(() => {
    if (error) console.error('Failed to load categories', error);
  }, [error]);

  if (status === 'pending') return <Spinner />;
  if (status === 'error') {
    return (
      <p className="notice notice--error" role="alert">
        Failed to load categories
      </p>
    );
  }
  if (categories.length === 0) return <p className="notice">No categories with products found.</p>;

  return (
    <ProductGrid>
      {categories.map((category, index) => (
        <Link
          key={category._id}
          to="/allproductandcategories"
          className={`category-tile category-tile--${index % 6}`}
        >
          <span className="category-tile__name">{categoryLabel(category)}</span>
        </Link>
      ))}
    </ProductGrid>
  );
}
