const { createConfig } = require('../libs/web/rspack/create-config.cjs');

/**
 * User remote: personal settings, tokens and the usage log (later wallet and the playground). The pages it
 * exposes are listed in src/pages.manifest.json (page name → expose file); the shell types its page names
 * from the same file.
 */
module.exports = createConfig({
  appDir: __dirname,
  name: 'user',
  port: 3102,
  title: 'AI Gateway · user',
  pages: require('./src/pages.manifest.json'),
});
