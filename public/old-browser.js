/*
 * Old Internet Explorer notice (SPEC §2.2). Loaded with `nomodule`: only browsers that cannot run the
 * site's ES-module bundle fetch it. ES5 on purpose. Shows the notice to Internet Explorer (any browser
 * with document.documentMode) and remembers a dismissal in localStorage under the key the boot script
 * of the page reads ('old-browser-notice-dismissed').
 */
(function (w, d) {
  var KEY = 'old-browser-notice-dismissed';
  var root = d.documentElement;
  function addClass(name) {
    if ((' ' + root.className + ' ').indexOf(' ' + name + ' ') < 0) root.className += ' ' + name;
  }
  if (!d.documentMode) return;
  addClass('old-browser');
  try {
    if (w.localStorage.getItem(KEY)) addClass('old-browser-dismissed');
  } catch (e) {}
  var button = d.getElementById('old-browser-notice-dismiss');
  if (!button) return;
  button.onclick = function () {
    addClass('old-browser-dismissed');
    try {
      w.localStorage.setItem(KEY, '1');
    } catch (e) {}
  };
})(window, document);
