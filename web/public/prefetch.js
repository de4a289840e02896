/* global window, document, location */
// Starts the work of the page being opened while the app's JavaScript is still downloading, instead of
// after it has run, so that the page (and its largest image) comes sooner:
// - the page's API requests; the app's API client (web/src/lib/api-client.ts, fetchOrTakePrefetched)
//   takes each answer, once, in place of its own request; an answer nobody takes is dropped;
// - the code of a lazy page (product, all products, category);
// - the first banner of `/`, the first photo of a product and the first card of all products, with the
//   srcset and sizes of their <img> (web/src/lib/image-srcset.ts), so that the browser picks the same
//   copy and fetches it once.
// What each page starts is not written here: the build puts the table of web/src/app/routes.ts
// (PAGE_PREFETCH) on this script's tag in index.html, data-assets (prefetchAssets in web/vite.config.ts).
// A plain async script from public/ (not bundled; the CSP allows only same-origin scripts, not inline),
// minified by the build.
(function () {
  var path = location.pathname;
  var table = { pages: [], images: {}, pageSize: 50, maxPage: 1 };
  var script = document.currentScript;
  try {
    var named = script && script.getAttribute('data-assets');
    if (named) table = JSON.parse(named);
  } catch {
    // Malformed, it only means nothing is started early.
  }

  function preloadCode(files) {
    files.forEach(function (file) {
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
    // The shop's own pictures (its server's /uploads or an S3 bucket) have 480 and 960 px copies.
    var upload = /^(\/uploads\/[^/?#]+|https:\/\/[^?#]+\/[0-9a-f]{64})\.webp$/.exec(url);
    if (upload) {
      var name = upload[1];
      link.imageSrcset =
        name + '-480.webp 480w, ' + name + '-960.webp 960w' + (image.fullWidth ? ', ' + url + ' ' + image.fullWidth + 'w' : '');
      link.imageSizes = image.sizes;
    } else {
      link.href = url;
    }
    document.head.appendChild(link);
  }

  /** The picture each page shows first, out of the answer it waits for (PrefetchImage.pick). */
  var pictures = {
    'first-slider': function (sliders) {
      return sliders && sliders[0] && sliders[0].image;
    },
    // The first card of the list: the newest product (the server sends it first; ties in its order).
    'newest-product': function (products) {
      var newest = products && products[0];
      (products || []).forEach(function (p) {
        if (p.createdAt > newest.createdAt) newest = p;
      });
      return newest && newest.images && newest.images[0];
    },
    product: function (found) {
      return found && found.images && found.images[0];
    },
  };

  // A list's page, as the app asks for it (web/src/lib/paging.ts: pageNumber and pageQuery), at most
  // the deepest page the server answers.
  var pageParam = /(?:^\?|&)page=([1-9]\d{0,8})(?:&|$)/.exec(location.search);
  var page = pageParam ? Math.min(Number(pageParam[1]), table.maxPage) : 1;
  // A list sorted or filtered in the URL (web/src/features/catalogue/list-filter.ts) asks another
  // query than the one written here: its page is not started.
  var plainList = !/(?:^\?|&)(?!page=)[^&]/.test(location.search);

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

  table.pages.forEach(function (entry) {
    var match = new RegExp(entry.match).exec(path);
    if (!match) return;
    preloadCode(entry.code);
    entry.requests.forEach(function (spec) {
      if (!plainList && spec.url.indexOf('{offset}') >= 0) return;
      var url = spec.url
        .replace(/:(\w+)/g, function (_, name) {
          return match.groups[name];
        })
        .replace('{offset}', String((page - 1) * table.pageSize));
      var image = spec.image;
      request(
        url,
        image &&
          function (answer) {
            preloadImage(pictures[image.pick](answer), table.images[image.sizes]);
          },
      );
    });
  });

  // The page's messages, when it is shown in another language than English: one file holding them all
  // (table.messages, by language), asked for now rather than after the app has run. The language is
  // chosen as web/src/lib/i18n/detect-language.ts chooses it: ?lang=, else the remembered choice
  // (localStorage 'shop.lang'), else the browser's first language the shop speaks. A wrong guess
  // costs only this request; the app asks for what it needs itself (web/src/lib/i18n/i18n.ts).
  var files = table.messages || {};
  function speaks(lang) {
    return lang === 'en' || Object.prototype.hasOwnProperty.call(files, lang);
  }
  function chosenLanguage() {
    var asked = /(?:^\?|&)lang=([^&]*)/.exec(location.search);
    if (asked && speaks(asked[1])) return asked[1];
    try {
      var stored = window.localStorage.getItem('shop.lang');
      if (stored && speaks(stored)) return stored;
    } catch {
      // No storage: the browser decides.
    }
    var browser = navigator.languages || [];
    for (var i = 0; i < browser.length; i++) {
      var primary = String(browser[i]).toLowerCase().split('-')[0];
      if (speaks(primary)) return primary;
    }
    return 'en';
  }
  var lang = chosenLanguage();
  if (lang !== 'en') request(files[lang]);
  window.__shopMessageFiles = files;
  window.__shopPrefetch = pending;
})();
