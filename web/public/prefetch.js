/* global window, document, location */
// Starts the work of the page being opened while the app's JavaScript is still downloading, instead of
// after it has run, so that the page (and its largest image) comes sooner:
// - the page's API requests; the app's API client (web/src/lib/api-client.ts, fetchOrTakePrefetched)
//   takes each answer, once, in place of its own request; an answer nobody takes is dropped;
// - the code of a lazy page (product, all products, category), named by the build on this script's tag
//   in index.html, data-assets (see prefetchAssets in web/vite.config.ts);
// - the first banner of `/`, the first photo of a product and the first card of all products, with the
//   srcset and sizes of their <img>
//   (web/src/lib/image-srcset.ts), so that the browser picks the same copy and fetches it once.
// A plain async script from public/ (not bundled; the CSP allows only same-origin scripts, not inline).
(function () {
  var path = location.pathname;
  if (path.indexOf('/dashboard') === 0) return;

  var assets = { routes: {}, images: {} };
  var script = document.currentScript;
  try {
    var named = script && script.getAttribute('data-assets');
    if (named) assets = JSON.parse(named);
  } catch {
    // Malformed, it only means no early page code or image.
  }

  function preloadCode(route) {
    (assets.routes[route] || []).forEach(function (file) {
      var link = document.createElement('link');
      var css = /\.css$/.test(file);
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      link.crossOrigin = '';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
  }

  /** Same candidates as uploadSrcSet in web/src/lib/image-srcset.ts. */
  function preloadImage(url, image) {
    if (typeof url !== 'string' || !image) return;
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.fetchPriority = 'high';
    var upload = /^\/uploads\/([^/?#]+)\.webp$/.exec(url);
    if (upload) {
      var name = '/uploads/' + upload[1];
      link.imageSrcset =
        name + '-480.webp 480w, ' + name + '-960.webp 960w' + (image.fullWidth ? ', ' + url + ' ' + image.fullWidth + 'w' : '');
      link.imageSizes = image.sizes;
    } else {
      link.href = url;
    }
    document.head.appendChild(link);
  }

  // A list's page, as the app asks for it (web/src/lib/paging.ts: pageNumber, pageQuery and PAGE_SIZE;
  // limit before offset): the app takes a prefetched answer only for the very same path and query.
  function productsPage(page) {
    return '/api/products?limit=50&offset=' + (page - 1) * 50;
  }
  var pageParam = /(?:^\?|&)page=([1-9]\d{0,8})(?:&|$)/.exec(location.search);
  // At most MAX_PAGE (20001), the deepest page the server answers.
  var page = pageParam ? Math.min(Number(pageParam[1]), 20001) : 1;

  var pending = {};
  function request(url, then) {
    var answer = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    // A failure is for the app to see (it asks again); it must not be an unhandled rejection here.
    answer.catch(function () {});
    pending[url] = answer;
    if (then) {
      answer
        .then(function (response) {
          return response.ok ? response.clone().json() : null;
        })
        .then(then)
        .catch(function () {});
    }
  }

  // The shop layout on every page: the shop's settings and the footer's categories.
  request('/api/config');
  request('/api/categories');
  var product = /^\/product\/([^/]+)$/.exec(path);
  var category = /^\/category\/([^/]+)$/.exec(path);
  if (path === '/') {
    request('/api/sliders', function (sliders) {
      if (sliders && sliders[0]) preloadImage(sliders[0].image, assets.images.banner);
    });
    // The home page shows the first page of products, grouped by category.
    request(productsPage(1));
  } else if (path === '/allproductandcategories') {
    preloadCode('allProducts');
    request(productsPage(page), function (products) {
      // The first card of the list: the newest product (the list sorts by createdAt, keeping ties in order).
      var newest = products && products[0];
      (products || []).forEach(function (p) {
        if (p.createdAt > newest.createdAt) newest = p;
      });
      if (newest && newest.images && newest.images[0]) preloadImage(newest.images[0], assets.images.card);
    });
  } else if (category) {
    preloadCode('category');
  } else if (product) {
    preloadCode('product');
    request('/api/products/' + product[1], function (found) {
      if (found && found.images && found.images[0]) preloadImage(found.images[0], assets.images.gallery);
    });
    // Not the list of other products: it is below the photo, and must not slow the photo down.
  }
  window.__shopPrefetch = pending;
})();
