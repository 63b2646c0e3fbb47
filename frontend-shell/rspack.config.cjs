const { createConfig } = require('../libs/web/rspack/create-config.cjs');

/** The host: layout, sign-in pages and the route table; pages of the remotes are loaded at runtime. */
module.exports = createConfig({ appDir: __dirname, name: 'shell', port: 3100, title: 'AI Gateway' });
