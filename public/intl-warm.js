// Loads the browser's Intl locale data in a task of its own, before the portal's modules run (see index.html).
(function () {
  var tag = navigator.language || 'en-GB';
  try {
    Intl.DateTimeFormat.supportedLocalesOf([tag]);
    if (Intl.Locale) new Intl.Locale(tag).maximize();
  } catch {
    // a tag the browser refuses: React Aria falls back to en-US
  }
  setTimeout(function () {
    try {
      new Intl.NumberFormat(tag).format(1.5);
      new Intl.DateTimeFormat(tag).format(0);
      new Intl.PluralRules(tag).select(1);
    } catch {
      // as above
    }
  }, 0);
})();
