// Sets the colour scheme before the first paint so a dark-mode user never sees a white flash.
// An external file rather than Mantine's inline ColorSchemeScript: the server's CSP allows
// scripts from 'self' only. The key matches COLOR_SCHEME_STORAGE_KEY in src/app/theme.ts.
(function () {
  try {
    var stored = window.localStorage.getItem('rights-desk.color-scheme');
    var scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
    if (scheme === 'auto') scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch (e) {
    // Storage blocked: Mantine applies the default once it starts.
  }
})();
