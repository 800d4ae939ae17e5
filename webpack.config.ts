import fs from 'node:fs';
import path from 'node:path';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';

/** The icon inline in every page: one request fewer before the first paint (it is 228 bytes). */
const faviconHref = `data:image/svg+xml,${encodeURIComponent(
  fs.readFileSync(path.resolve(__dirname, 'static/favicon.svg'), 'utf8').trim(),
)}`;

const entryScripts = (compilation: webpack.Compilation, entry: string) =>
  [...(compilation.entrypoints.get(entry)?.getFiles() ?? [])]
    .filter((file) => file.endsWith('.js'))
    .map((file) => `/${file}`);

/**
 * The boot script's code, to sit inside the page: a separate file would be one more request on the
 * way to the first paint. It runs under the page's CSP script nonce (see index.html).
 */
function inlineSource(compilation: webpack.Compilation, entry: string): string {
  const [file, ...rest] = entryScripts(compilation, entry);
  if (!file || rest.length) throw new Error(`The ${entry} entry must build to exactly one script`);
  return String(compilation.assets[file.slice(1)]?.source() ?? '')
    .replace(/\n?\/\/# sourceMappingURL=.*$/, '')
    .replaceAll('</script', '<\\/script');
}

const distDir = path.resolve(__dirname, 'dist');
const sourceMapDir = path.resolve(__dirname, 'build/sourcemaps');

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const mode = argv.mode ?? 'production';
  // `clean` empties only dist/: the previous build's maps would pile up here.
  if (mode === 'production') fs.rmSync(sourceMapDir, { recursive: true, force: true });
  return {
    mode,
    entry: { boot: './src/boot.ts', main: './src/main.tsx' },
    output: {
      path: distDir,
      publicPath: '/',
      filename: mode === 'production' ? 'js/[name].[contenthash:12].js' : 'js/[name].js',
      chunkFilename: mode === 'production' ? 'js/[name].[contenthash:12].js' : 'js/[name].js',
      sourceMapFilename:
        mode === 'production' ? `${path.relative(distDir, sourceMapDir)}/[file].map` : '[file].map',
      clean: true,
    },
    // No eval-based maps in development either: the server's CSP forbids eval. A production build's
    // maps (our whole source) go beside the compiled server, out of the folder the server serves, and
    // the scripts do not point at them; a developer opens one in the browser's devtools by hand.
    devtool: mode === 'production' ? 'hidden-source-map' : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type errors are reported by `npm run typecheck`; the bundler only strips types.
          // With its own source maps, the bundle's maps lead to the TypeScript lines, not the stripped JS.
          use: {
            loader: 'ts-loader',
            options: { transpileOnly: true, compilerOptions: { sourceMap: true } },
          },
        },
      ],
    },
    plugins: [
      // Empty means "the page's own origin"; set BECCA_API_URL at build time to point elsewhere.
      new webpack.DefinePlugin({
        'process.env.BECCA_API_URL': JSON.stringify(process.env.BECCA_API_URL ?? ''),
      }),
      new HtmlWebpackPlugin({
        template: './src/index.html',
        // Nothing is injected: the boot script is written into the page (bootScript below).
        inject: false,
        templateParameters: (compilation, assets, tags, options) => ({
          compilation,
          htmlWebpackPlugin: { tags, files: assets, options },
          faviconHref,
          bootScript: inlineSource(compilation, 'boot'),
          // The app's own files, for the boot script to load (a JSON data block: not executed).
          appScripts: JSON.stringify(entryScripts(compilation, 'main')),
        }),
      }),
      // Chromium's explicit compile hint: compile every function of these files while streaming
      // them, off the main thread, instead of lazily on first call in the middle of start-up.
      new webpack.BannerPlugin({
        banner: '//# allFunctionsCalledOnLoad',
        raw: true,
        test: /^js\/(?!boot\.).*\.js$/,
        // After minification (which drops comments), before the source maps are written.
        stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      }),
      // static/ holds the fonts (scripts/subsetFonts.ts), images and videos, served as they are.
      new CopyPlugin({ patterns: [{ from: 'static', to: '.', noErrorOnMissing: true }] }),
    ],
    optimization: {
      // Split only what main loads (boot stays a standalone few hundred bytes).
      // Files of at most ~160 KB of source each: the browser compiles and runs each in its own task.
      splitChunks: { chunks: (chunk) => chunk.name !== 'boot', maxSize: 160_000 },
    },
    performance: { hints: false },
  };
};
