// Intl locale data, loaded before the first paint: see index.html.
(function () {
  var tag = navigator.language || 'en-GB';
  try {
    Intl.DateTimeFormat.supportedLocalesOf([tag]);
    if (Intl.Locale) new Intl.Locale(tag).maximize();
    new Intl.NumberFormat(tag).format(1.5);
    new Intl.DateTimeFormat(tag).format(0);
    new Intl.PluralRules(tag).select(1);
  } catch {
    // a tag the browser refuses: React Aria falls back to en-US
  }
})();
