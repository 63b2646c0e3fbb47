const { createConfig } = require('../libs/web/rspack/create-config.cjs');

/**
 * Admin remote: users, settings and channels (later redemption codes). The pages it exposes are listed in
 * src/pages.manifest.json (page name → expose file); the shell types its page names from the same file.
 */
module.exports = createConfig({
  appDir: __dirname,
  name: 'admin',
  port: 3101,
  title: 'AI Gateway · admin',
  pages: require('./src/pages.manifest.json'),
});
