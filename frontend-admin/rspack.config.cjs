const { createConfig } = require('../libs/web/rspack/create-config.cjs');

/** Admin remote: users and settings (later channels and redemption codes). */
module.exports = createConfig({
  appDir: __dirname,
  name: 'admin',
  port: 3101,
  title: 'AI Gateway · admin',
  exposes: {
    './UserPage': './src/expose/UserPage.tsx',
    './SettingPage': './src/expose/SettingPage.tsx',
  },
});
