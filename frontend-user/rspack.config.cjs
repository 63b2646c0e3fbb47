const { createConfig } = require('../libs/web/rspack/create-config.cjs');

/** User remote: personal settings (later tokens, wallet, logs and the playground). */
module.exports = createConfig({
  appDir: __dirname,
  name: 'user',
  port: 3102,
  title: 'AI Gateway · user',
  exposes: {
    './PersonalPage': './src/expose/PersonalPage.tsx',
  },
});
