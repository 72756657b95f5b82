// Runs before first paint: applies the saved colour scheme, language and text
// direction so a reload never flashes the wrong theme or a left-to-right Persian page.
// Keys must match src/app/theme.ts and src/i18n/languages.ts.
(function () {
  var root = document.documentElement;
  var scheme = 'light';
  var lang = null;
  try {
    var s = localStorage.getItem('packline.color-scheme');
    if (s === 'dark' || s === 'light') scheme = s;
    lang = localStorage.getItem('packline.language');
  } catch (e) {}
  root.setAttribute('data-mantine-color-scheme', scheme);
  var tags = { gb: 'en-US', br: 'pt-BR', es: 'es-ES', cn: 'zh-CN', ir: 'fa-IR' };
  if (lang && tags[lang]) {
    root.setAttribute('lang', tags[lang]);
    root.setAttribute('dir', lang === 'ir' ? 'rtl' : 'ltr');
  }
})();
