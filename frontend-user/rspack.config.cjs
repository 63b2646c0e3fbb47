const { createConfig } = require('../libs/web/rspack/create-config.cjs');

/**
 * User remote: personal settings, tokens and the usage log (later wallet and the playground).
 * Its pages are listed in src/pages.manifest.json (page name → the module exporting the page under that
 * name); each is exposed as `./<name>` after src/remote-setup.ts. The shell types its page names from the
 * same manifest.
 */
module.exports = createConfig({
  appDir: __dirname,
  name: 'user',
  port: 3102,
  title: 'AI Gateway · user',
  pages: require('./src/pages.manifest.json'),
  setup: './src/remote-setup.ts',
});
