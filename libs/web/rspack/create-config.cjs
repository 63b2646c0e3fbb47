// One rspack + Module Federation configuration for the shell (host) and the two remotes.
// Everything is built offline; names carry content hashes except remoteEntry.js and index.html.
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

const ROOT = path.resolve(__dirname, '../../..');
const LIBS = path.join(ROOT, 'libs');

/** Libraries that hold state or React context: one copy in the page, whoever loads first. */
function sharedDeps(appDir) {
  const deps = require(path.join(appDir, 'package.json')).dependencies;
  const singleton = (name, version = deps[name]) => ({ singleton: true, requiredVersion: version });
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react/jsx-runtime', deps.react),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom/client', deps['react-dom']),
    'react-router-dom': singleton('react-router-dom'),
    // react-router-dom re-exports react-router, which holds the router context.
    'react-router': singleton('react-router', deps['react-router-dom']),
    '@arco-design/web-react': singleton('@arco-design/web-react'),
    i18next: singleton('i18next'),
    'react-i18next': singleton('react-i18next'),
    '@gw/web': singleton('@gw/web', '^0.1.0'),
  };
}

/**
 * @param {object} o
 * @param {string} o.appDir   the frontend package directory
 * @param {string} o.name     federation name (shell, admin, user)
 * @param {Record<string,string>} [o.pages] a remote's page manifest (page name → module exporting it by that name); the host has none
 * @param {string} [o.setup] a remote's setup module (dictionaries, styles), run before each of its pages
 * @param {number} o.port     dev-server port
 * @param {string} o.title    page title of the standalone index.html
 * @returns a config function: `rspack serve` (env.RSPACK_SERVE) or --mode development builds for development
 */
function createConfig(o) {
  return (env = {}, argv = {}) => build(o, !(env.RSPACK_SERVE || argv.mode === 'development' || process.env.NODE_ENV === 'development'));
}

/**
 * The remote's Module Federation `exposes`: `./ChannelPage` for each manifest entry. With a setup module the
 * entry is [setup, page module]: the container runs both in order and answers the exports of the last.
 */
function exposesOf(pages, setup) {
  return Object.fromEntries(Object.entries(pages).map(([page, file]) => [`./${page}`, setup ? [setup, file] : file]));
}

/**
 * The shell renders the export named like the manifest entry: a module that does not export it (a renamed
 * page, a typo in the manifest) fails the build here rather than showing "module unavailable" at runtime.
 */
function checkPages(appDir, pages) {
  for (const [page, file] of Object.entries(pages)) {
    const source = fs.readFileSync(path.join(appDir, file), 'utf8');
    if (!new RegExp(`^export (function|const) ${page}\\b`, 'm').test(source)) {
      throw new Error(`${path.join(appDir, 'src/pages.manifest.json')}: ${file} does not export ${page}`);
    }
  }
}

function build({ appDir, name, pages, setup, port, title }, prod) {
  const isHost = !pages;
  if (pages) checkPages(appDir, pages);
  const exposes = pages ? exposesOf(pages, setup) : undefined;
  return {
    mode: prod ? 'production' : 'development',
    context: appDir,
    entry: { main: './src/index.ts' },
    target: ['web', 'es2020'],
    devtool: prod ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      // The shell serves deep links (/user/edit/1): absolute paths. Remotes live wherever their entry is.
      publicPath: isHost ? '/' : 'auto',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: `gw_${name}`,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      // Consume the shared library as ES source (tree-shaken) rather than its CommonJS build.
      alias: { '@gw/shared$': path.join(LIBS, 'shared/src/index.ts') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !prod } },
            },
            env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpe?g|gif|ico|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes,
        remotes: {},
        shared: sharedDeps(appDir),
        dts: false,
        manifest: false,
      }),
      new rspack.HtmlRspackPlugin({ template: path.join(appDir, 'index.html'), title, filename: 'index.html', chunks: ['main'] }),
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(prod ? 'production' : 'development') }),
    ],
    optimization: { moduleIds: 'deterministic', chunkIds: prod ? 'deterministic' : 'named' },
    performance: { hints: false },
    devServer: {
      port,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Standalone development: the API is the gateway on :3000.
      proxy: [{ context: ['/api', '/v1', '/pg', '/remotes.json'], target: process.env.GW_API ?? 'http://127.0.0.1:3000' }],
    },
    stats: 'errors-warnings',
  };
}

module.exports = { createConfig, sharedDeps, exposesOf };
