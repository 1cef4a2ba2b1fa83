/* global document, window */
// Theme preview (staff only): a link inside the site would load its page without the preview
// parameter. Here a click on such a link loads the same address with the parameter, so every page
// is rendered by the server in the previewed theme.
(function () {
  var script = document.currentScript;
  var param = script && script.getAttribute('data-param');
  var value = script && script.getAttribute('data-value');
  if (!param || !value) return;
  // Inside the theme editor's preview frame a click selects a section instead (the editor keeps the page).
  try {
    if (window.frameElement && window.frameElement.hasAttribute('data-theme-editor')) return;
  } catch {
    // A frame from another origin: not the editor's.
  }
  window.addEventListener(
    'click',
    function (event) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      var anchor = event.target && event.target.closest ? event.target.closest('a[href]') : null;
      if (!anchor || anchor.target === '_blank') return;
      var url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname.indexOf('/admin') === 0) return;
      if (url.pathname === window.location.pathname && url.hash) return;
      url.searchParams.set(param, value);
      event.preventDefault();
      event.stopPropagation();
      window.location.assign(url.toString());
    },
    true,
  );
})();
