// Loaded first in every page's <head>: silences the two benign ResizeObserver messages browsers
// raise when an observer's callback changes layout, in the console, in window.onerror and in
// unhandled rejections, so they do not drown real errors or trip error overlays.
(function () {
  var patterns = ['ResizeObserver loop completed with undelivered notifications', 'ResizeObserver loop limit exceeded'];
  function isBenign(value) {
    var text = value && (value.message || value.reason || value);
    if (text && typeof text === 'object' && text.message) text = text.message;
    if (typeof text !== 'string') return false;
    for (var i = 0; i < patterns.length; i++) if (text.indexOf(patterns[i]) !== -1) return true;
    return false;
  }
  window.addEventListener(
    'error',
    function (event) {
      if (isBenign(event.message) || isBenign(event.error)) {
        event.stopImmediatePropagation();
        event.preventDefault();
      }
    },
    true,
  );
  window.addEventListener(
    'unhandledrejection',
    function (event) {
      if (isBenign(event.reason)) {
        event.stopImmediatePropagation();
        event.preventDefault();
      }
    },
    true,
  );
  var wrap = function (name) {
    var original = console[name];
    if (typeof original !== 'function') return;
    console[name] = function () {
      for (var i = 0; i < arguments.length; i++) if (isBenign(arguments[i])) return;
      return original.apply(console, arguments);
    };
  };
  wrap('error');
  wrap('warn');
})();
