// A local stand-in for Google's `gapi` loader (https://apis.google.com/js/api.js), which cannot be
// fetched on this closed network. The Firebase JS SDK (in the shop's page) and the Firebase Auth
// emulator's helper iframe both use `gapi.iframes` to talk to each other during signInWithPopup;
// this file speaks that conversation over window.postMessage, with exactly the calls they make:
// load, getContext().open / getParentIframe, register, send (replies as an array), restyle, ping.
// Playwright serves it in place of api.js (tests/e2e/support.ts); the shop never ships it.
(function () {
  if (window.gapi && window.gapi.iframes) return;
  var channels = [];
  var pending = {};
  var seq = 0;

  function Channel(peer) {
    this.peer = peer;
    this.handlers = {};
    this.queued = {};
    this.ready = false;
    this.onReady = [];
    channels.push(this);
  }
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var waiting = this.queued[name] || [];
    delete this.queued[name];
    waiting.forEach(function (call) {
      call();
    });
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = 'gapi-shim-' + ++seq;
    pending[id] = callback;
    this.peer.postMessage({ gapiShim: 'call', id: id, name: name, data: data }, '*');
  };
  Channel.prototype.restyle = function () {
    return Promise.resolve();
  };
  Channel.prototype.ping = function (callback) {
    var self = this;
    return new Promise(function (resolve) {
      var done = function () {
        if (callback) callback();
        resolve();
      };
      if (self.ready) done();
      else self.onReady.push(done);
    });
  };

  function channelFor(source) {
    for (var i = 0; i < channels.length; i++) if (channels[i].peer === source) return channels[i];
    return null;
  }

  window.addEventListener('message', function (event) {
    var m = event.data;
    if (!m || typeof m !== 'object' || !m.gapiShim) return;
    var channel = channelFor(event.source);
    if (m.gapiShim === 'ready') {
      if (!channel) return;
      channel.ready = true;
      channel.onReady.splice(0).forEach(function (f) {
        f();
      });
    } else if (m.gapiShim === 'call') {
      var answer = function () {
        var handler = channel && channel.handlers[m.name];
        var result = handler ? handler(m.data) : undefined;
        event.source.postMessage({ gapiShim: 'reply', id: m.id, result: [result] }, '*');
      };
      if (channel && !channel.handlers[m.name]) (channel.queued[m.name] = channel.queued[m.name] || []).push(answer);
      else answer();
    } else if (m.gapiShim === 'reply') {
      var callback = pending[m.id];
      delete pending[m.id];
      try {
        if (callback) callback(m.result);
      } catch (e) {
        // Real gapi swallows errors thrown by reply callbacks (the SDK throws after answering).
      }
    }
  });

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes.style || {}).forEach(function (k) {
        frame.style[k] = attributes.style[k];
      });
      Object.keys(attributes).forEach(function (k) {
        if (k !== 'style') frame.setAttribute(k, attributes[k]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      var channel = new Channel(frame.contentWindow);
      return Promise.resolve(onOpen ? onOpen(channel) : channel);
    },
    getParentIframe: function () {
      var channel = new Channel(window.parent);
      window.parent.postMessage({ gapiShim: 'ready' }, '*');
      return channel;
    },
  };

  window.gapi = {
    load: function (_name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () {
        if (callback) callback();
      }, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      Iframe: function () {},
      getContext: function () {
        return context;
      },
    },
  };

  // api.js calls back when loaded: `?onload=<name>` (the SDK) or window.gapi_onload (the iframe).
  var src = (document.currentScript && document.currentScript.src) || '';
  var onload = /[?&]onload=([^&]+)/.exec(src);
  setTimeout(function () {
    if (onload && typeof window[onload[1]] === 'function') window[onload[1]]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
