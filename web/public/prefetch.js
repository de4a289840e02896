/* global window, location */
// Starts the API requests of the page being opened while the app's JavaScript is still downloading,
// instead of after it has run: the data (and so the largest image) comes sooner. A plain async script
// from public/ (not bundled; CSP allows only same-origin scripts, so it cannot be inline). The app's
// API client (web/src/lib/api-client.ts, fetchOrTakePrefetched) takes each answer, once, in place of
// its own request; an answer nobody takes is dropped.
(function () {
  var path = location.pathname;
  if (path.indexOf('/dashboard') === 0) return;
  // The shop layout on every page: the shop's settings and the footer's categories.
  var urls = ['/api/config', '/api/categories'];
  var product = /^\/product\/([^/]+)$/.exec(path);
  if (path === '/') urls.push('/api/sliders', '/api/products');
  else if (path === '/allproductandcategories') urls.push('/api/products');
  else if (product) urls.push('/api/products/' + product[1], '/api/products');
  var pending = {};
  urls.forEach(function (url) {
    var answer = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    // A failure is for the app to see (it asks again); it must not be an unhandled rejection here.
    answer.catch(function () {});
    pending[url] = answer;
  });
  window.__shopPrefetch = pending;
})();
