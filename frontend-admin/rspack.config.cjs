const { createConfig } = require('../libs/web/rspack/create-config.cjs');

/**
 * Admin remote: users, settings and channels (later redemption codes).
 * Its pages are listed in src/pages.manifest.json (page name → the module exporting the page under that
 * name); each is exposed as `./<name>` after src/remote-setup.ts. The shell types its page names from the
 * same manifest.
 */
module.exports = createConfig({
  appDir: __dirname,
  name: 'admin',
  port: 3101,
  title: 'AI Gateway · admin',
  pages: require('./src/pages.manifest.json'),
  setup: './src/remote-setup.ts',
});
