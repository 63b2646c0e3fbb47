const { createConfig } = require('../libs/web/rspack/create-config.cjs');

/** User remote: personal settings, tokens and the usage log (later wallet and the playground). */
module.exports = createConfig({
  appDir: __dirname,
  name: 'user',
  port: 3102,
  title: 'AI Gateway · user',
  exposes: {
    './PersonalPage': './src/expose/PersonalPage.tsx',
    './TokenPage': './src/expose/TokenPage.tsx',
    './LogPage': './src/expose/LogPage.tsx',
  },
});
