// Runs before first paint: applies the saved colour scheme, language and text
// direction so a reload never flashes the wrong theme or a left-to-right Persian page.
// Keys must match src/app/theme.ts, src/i18n/languages.ts and src/lib/choice-cookie.ts.
// A choice made before the cookies existed is copied into them, so the server serves
// the public pages prerendered in it from then on.
(function () {
  var root = document.documentElement;
  // A prerendered public page comes in the theme the server chose (its cookie).
  var scheme = root.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light';
  var saved = null;
  var lang = null;
  try {
    saved = localStorage.getItem('packline.color-scheme');
    if (saved === 'dark' || saved === 'light') scheme = saved;
    else saved = null;
    lang = localStorage.getItem('packline.language');
  } catch (e) {}
  root.setAttribute('data-mantine-color-scheme', scheme);
  var tags = { gb: 'en-GB', br: 'pt-BR', es: 'es', cn: 'zh-CN', ir: 'fa-IR' };
  if (lang && tags[lang]) {
    root.setAttribute('lang', tags[lang]);
    root.setAttribute('dir', lang === 'ir' ? 'rtl' : 'ltr');
  }
  function keep(name, value) {
    if (value && document.cookie.indexOf(name + '=') < 0) {
      document.cookie = name + '=' + value + '; path=/; max-age=31536000; samesite=lax';
    }
  }
  keep('packline_theme', saved);
  keep('packline_lang', lang && tags[lang] ? lang : null);
})();

// A prerendered public page (scripts/prerender.mjs) names its module scripts as
// <link rel="preload" as="script" data-packline-start> instead of running them: they start here,
// in document order, once the page has painted, so it paints from its HTML before React
// hydrates it. Until then the page's controls are inert (useHydrated), so no early
// keystroke is lost.
(function () {
  var links = document.querySelectorAll('link[rel="preload"][data-packline-start]');
  if (!links.length) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < links.length; i++) {
      var s = document.createElement('script');
      s.type = 'module';
      s.crossOrigin = '';
      s.async = false;
      s.src = links[i].getAttribute('href');
      document.head.appendChild(s);
    }
  }
  // Started once the browser reports the first contentful paint: then the page is on the
  // screen, however long this machine took to draw it. Where paint timing is not
  // observable, after the first frame.
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    var painted = function (list) {
      return list.getEntriesByName('first-contentful-paint').length > 0;
    };
    if (painted(performance)) start();
    else {
      var watch = new PerformanceObserver(function (list) {
        if (painted(list)) {
          watch.disconnect();
          start();
        }
      });
      watch.observe({ type: 'paint', buffered: true });
    }
  } else if (window.requestAnimationFrame) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // A tab that draws nothing (hidden) starts them anyway.
  setTimeout(start, 2500);
})();
