/* global window, document */
// Runs before the first paint (classic, blocking script in <head>): applies the saved theme so a
// dark-mode user never sees a white flash. Mirrors src/lib/theme.ts; keep the storage key in sync.
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem('theme');
  } catch {
    /* storage blocked: fall back to the system preference */
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
})();
