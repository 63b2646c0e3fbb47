const { createConfig } = require('../libs/web/rspack/create-config.cjs');

/** Admin remote: users, settings and channels (later redemption codes). */
module.exports = createConfig({
  appDir: __dirname,
  name: 'admin',
  port: 3101,
  title: 'AI Gateway · admin',
  exposes: {
    './UserPage': './src/expose/UserPage.tsx',
    './SettingPage': './src/expose/SettingPage.tsx',
    './ChannelPage': './src/expose/ChannelPage.tsx',
  },
});
